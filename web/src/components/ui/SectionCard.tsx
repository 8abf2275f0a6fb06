import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SectionCardProps {
  icon: LucideIcon;
  title: string;
  /** A line under the title. */
  intro?: string;
  /** compact: a smaller heading with the icon inline (read-only pages). */
  compact?: boolean;
  id?: string;
  className?: string;
  children: ReactNode;
}

/** A titled card (an h2 with an icon), the building block of the profile, settings and player pages. */
export function SectionCard({ icon: Icon, title, intro, compact = false, id, className, children }: SectionCardProps) {
  return (
    <section
      id={id}
      className={cn('scroll-mt-20 rounded-2xl border border-border bg-surface shadow-sm sm:p-6', compact ? 'p-4' : 'p-3', className)}
    >
      {compact ? (
        <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold text-fg">
          <Icon className="h-5 w-5 text-brand" aria-hidden="true" />
          {title}
        </h2>
      ) : (
        <div className="mb-5 flex items-start gap-3">
          <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-surface-2 text-brand" aria-hidden="true">
            <Icon className="h-5 w-5" />
          </span>
          <div>
            <h2 className="text-lg font-semibold text-fg">{title}</h2>
            {intro && <p className="mt-0.5 text-sm text-muted">{intro}</p>}
          </div>
        </div>
      )}
      {children}
    </section>
  );
}
