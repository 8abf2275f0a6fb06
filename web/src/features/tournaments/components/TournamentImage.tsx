import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/** The tournament's picture, or a placeholder (decorative: the name is next to it). */
export function TournamentImage({ url, className }: { url: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return <img src={url} alt="" className={cn('object-cover', className)} loading="lazy" decoding="async" onError={() => setFailed(url)} />;
  }
  return (
    <div className={cn('grid place-items-center bg-gradient-to-br from-accent/30 to-brand/20 text-brand', className)} aria-hidden="true">
      <Trophy className="h-10 w-10" />
    </div>
  );
}
