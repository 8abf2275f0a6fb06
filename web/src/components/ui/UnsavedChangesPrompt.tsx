import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { Button } from './Button';
import { Dialog, DialogContent } from './Dialog';

/**
 * Asks before leaving a page with unsaved edits: in-app navigation (links, back button) is held
 * by React Router's blocker and a dialog offers to stay or leave; closing or reloading the tab
 * gets the browser's own prompt (beforeunload). Needs a data router.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    function onBeforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // Edits undone (or saved) while the prompt is up: let the navigation through.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onOpenChange={(next) => !next && blocker.state === 'blocked' && blocker.reset()}>
      {open && (
        <DialogContent title={t('unsaved.title')} description={t('unsaved.body')}>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => blocker.reset?.()}>
              {t('unsaved.stay')}
            </Button>
            <Button onClick={() => blocker.proceed?.()} className="bg-danger hover:bg-danger/90">
              {t('unsaved.leave')}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
