import { Building2 } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/** The club's picture, or a placeholder (decorative: the club's name is next to it). */
export function ClubImage({ url, className }: { url: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return <img src={url} alt="" className={cn('object-cover', className)} loading="lazy" decoding="async" onError={() => setFailed(url)} />;
  }
  return (
    <div className={cn('grid place-items-center bg-gradient-to-br from-brand/20 to-accent/30 text-brand', className)} aria-hidden="true">
      <Building2 className="h-10 w-10" />
    </div>
  );
}
