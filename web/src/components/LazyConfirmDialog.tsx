import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogSpinner } from '@/components/ui/Spinner';
import { showToast } from '@/lib/toast';
import { afterFirstPaint } from '@/lib/useAfterFirstPaint';
import type { ConfirmDialogProps } from './ConfirmDialog';

type Dialog = ComponentType<ConfirmDialogProps>;

let loaded: Dialog | null = null;
let loading: Promise<Dialog> | null = null;

/** The dialog's code, fetched once; a failed fetch is forgotten, so the next opening tries again. */
function load(): Promise<Dialog> {
  loading ??= import('./ConfirmDialog').then(
    (m) => (loaded = m.ConfirmDialog),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

let prefetching = false;
/** Fetches the code once the page has painted and the browser is idle: one request for every dialog. */
function prefetchAfterPaint() {
  if (prefetching || loaded) return;
  prefetching = true;
  afterFirstPaint(() => void load().catch(() => undefined)); // a failure is retried on opening
}

/**
 * ConfirmDialog for a page whose first screen never shows one (issue 16): its code and the dialog
 * library under it (≈ 13 KiB gzip) stay off the page's first load and are fetched once the page
 * has painted. Opened before that (or after a failed fetch), it shows a spinner while it waits for
 * the code; when the code cannot be fetched (offline, a replaced release) it says so and closes,
 * and the page stays.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [Loaded, setLoaded] = useState<Dialog | null>(() => loaded);
  const { open, onOpenChange } = props;
  useEffect(prefetchAfterPaint, []);
  useEffect(() => {
    if (!open || Loaded) return;
    let live = true;
    load().then(
      (dialog) => live && setLoaded(() => dialog),
      () => {
        if (!live) return;
        showToast({ variant: 'error', title: t('api.errorTitle'), description: t('api.networkError') });
        onOpenChange(false);
      },
    );
    return () => {
      live = false;
    };
  }, [open, Loaded, onOpenChange, t]);
  if (Loaded) return <Loaded {...props} />;
  return open ? <DialogSpinner /> : null;
}
