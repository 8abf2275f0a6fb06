import { CircleHelp } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogSpinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { loadNamespaces } from '@/lib/i18n';
import { floatingClasses, useHideOnScroll } from '@/lib/useHideOnScroll';

// The help centre and its texts load on first use, keeping the landing page light.
const loadHelpCenter = () =>
  Promise.all([import('@/features/help/components/HelpCenter'), loadNamespaces(['help'])]).then(([m]) => m);
const HelpCenter = lazy(loadHelpCenter);

/** The floating "?" button, bottom right, that opens the side help centre (spec §2). */
export function HelpButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const hidden = useHideOnScroll();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadHelpCenter()}
        aria-label={t('help.open')}
        title={t('help.open')}
        data-floating={hidden ? 'hidden' : 'shown'}
        className={cn(
          'fixed bottom-5 right-5 z-30 grid h-14 w-14 cursor-pointer place-items-center rounded-full bg-brand text-brand-fg shadow-lg hover:scale-105 hover:bg-brand-hover motion-safe:transition-[translate,scale,opacity] motion-safe:duration-200',
          floatingClasses(hidden),
        )}
      >
        <CircleHelp className="h-7 w-7" aria-hidden="true" />
      </button>
      {open && (
        <Suspense fallback={<DialogSpinner />}>
          <HelpCenter open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
