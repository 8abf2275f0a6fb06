import { ArrowRight, ChevronDown, Medal, Rocket, Swords, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog, SheetContent } from '@/components/ui/Dialog';

interface HelpItem {
  q: string;
  a: string;
}

/** The four sections of spec §2, in order; some point to the page where the thing is done. */
const SECTIONS: { id: string; icon: LucideIcon; link?: string }[] = [
  { id: 'gettingStarted', icon: Rocket, link: '/profile' },
  { id: 'tournaments', icon: Trophy, link: '/tournaments' },
  { id: 'challenges', icon: Swords },
  { id: 'gamification', icon: Medal, link: '/gamification' },
];

function items(value: unknown): HelpItem[] {
  return Array.isArray(value) ? (value as HelpItem[]).filter((i) => i && typeof i.q === 'string') : [];
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Default export: loaded lazily by the floating help button, with the `help` namespace. */
export default function HelpCenter({ open, onOpenChange }: Props) {
  const { t } = useTranslation('help');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent title={t('title')} description={t('subtitle')}>
        <div className="space-y-8">
          {SECTIONS.map(({ id, icon: Icon, link }) => (
            <section key={id} aria-labelledby={`help-${id}`}>
              <h3 id={`help-${id}`} className="flex items-center gap-2 text-base font-semibold text-fg">
                <span className="grid h-8 w-8 place-items-center rounded-lg bg-accent text-accent-fg" aria-hidden="true">
                  <Icon className="h-4 w-4" />
                </span>
                {t(`sections.${id}.title`)}
              </h3>
              <div className="mt-3 divide-y divide-border rounded-xl border border-border">
                {items(t(`sections.${id}.items`, { returnObjects: true })).map((item) => (
                  <details key={item.q} className="group px-4 py-3">
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded text-sm font-medium text-fg [&::-webkit-details-marker]:hidden">
                      {item.q}
                      <ChevronDown className="h-4 w-4 shrink-0 text-muted transition-transform group-open:rotate-180" aria-hidden="true" />
                    </summary>
                    <p className="mt-2 text-sm leading-relaxed text-muted">{item.a}</p>
                  </details>
                ))}
              </div>
              {link && (
                <Link
                  to={link}
                  onClick={() => onOpenChange(false)}
                  className="mt-3 inline-flex items-center gap-1 rounded text-sm font-medium text-brand hover:underline"
                >
                  {t(`sections.${id}.link`)}
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              )}
            </section>
          ))}
          <p className="rounded-xl bg-surface-2 p-4 text-sm text-muted">{t('footer')}</p>
        </div>
      </SheetContent>
    </Dialog>
  );
}
