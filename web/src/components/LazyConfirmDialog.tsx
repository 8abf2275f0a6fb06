import { lazy, Suspense, useEffect, useState } from 'react';
import { useAfterFirstPaint } from '@/lib/useAfterFirstPaint';
import type { ConfirmDialogProps } from './ConfirmDialog';

const load = () => import('./ConfirmDialog');
const Loaded = lazy(() => load().then((m) => ({ default: m.ConfirmDialog })));

/**
 * ConfirmDialog for a page whose first screen never shows one (issue 16): its code and the dialog
 * library under it (≈ 15 KiB gzip) stay off the page's first load, are fetched once the page has
 * painted, and render from the first time the dialog opens.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const painted = useAfterFirstPaint();
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  useEffect(() => {
    if (painted) void load();
  }, [painted]);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
