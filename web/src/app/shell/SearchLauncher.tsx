import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { DialogSpinner } from '@/components/ui/Spinner';
import { isSearchShortcut } from '@/features/search/lib/shortcut';

// The overlay and its texts load on first use: the shell only carries this button and the listener.
const loadOverlay = () => import('@/features/search/entry').then((m) => m.loadSearchOverlay());
const SearchOverlay = lazy(loadOverlay);

/** The header's search button and the '/' and Ctrl/Cmd+K shortcuts (SPEC §2) of the global search. */
export function SearchLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented || e.repeat || !isSearchShortcut(e)) return;
      e.preventDefault();
      setOpen(true);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="max-sm:w-9"
        aria-label={t('header.search')}
        aria-keyshortcuts="/ Control+K Meta+K"
        aria-haspopup="dialog"
        title={`${t('header.search')} (/)`}
        onClick={() => setOpen(true)}
      >
        <Search className="h-5 w-5" aria-hidden="true" />
      </Button>
      {open && (
        <Suspense fallback={<DialogSpinner />}>
          <SearchOverlay onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
