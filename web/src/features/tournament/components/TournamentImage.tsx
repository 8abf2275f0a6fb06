import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/** The tournament's picture, or a placeholder (decorative: the name is right next to it). */
export function TournamentImage({ url, className }: { url: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return <img src={url} alt="" className={cn('object-cover', className)} decoding="async" onError={() => setFailed(url)} />;
  }
  return (
    <div className={cn('grid place-items-center bg-gradient-to-br from-brand/20 to-accent/40 text-brand', className)} aria-hidden="true">
      <Trophy className="h-12 w-12" />
    </div>
  );
}
