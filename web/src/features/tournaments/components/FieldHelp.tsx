import { CircleHelp } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The field's label, for the button's name ("Help: Challenge range"). */
  label: string;
  help: string;
  /** The field (label and control); the button sits at the right of its label row. */
  children: ReactNode;
}

/**
 * A field with a help "toggletip": a real button (Tab reaches it, Enter or Space opens it, Escape
 * closes it) that shows the explanation under the field. A disclosure rather than a hover
 * tooltip so it also works by touch and a screen reader hears the text when it appears.
 */
export function FieldHelp({ label, help, children }: Props) {
  const { t } = useTranslation('tournaments');
  const id = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  // A layout effect: the listener is in place before the open tip is painted (Preact runs plain
  // effects after the paint, so an Escape pressed at once would reach the dialog and close it).
  useLayoutEffect(() => {
    if (!open) return;
    // Escape inside the field closes the tip, not the dialog around the form: the dialog listens
    // on the document in the capture phase, so this listens earlier, on the window.
    function onKeyDown(e: KeyboardEvent) {
      if (e.key !== 'Escape' || !rootRef.current?.contains(document.activeElement)) return;
      e.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [open]);
  return (
    <div ref={rootRef} className="relative">
      {children}
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('form.helpFor', { label })}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="absolute -top-0.5 right-0 grid h-6 w-6 cursor-pointer place-items-center rounded-full text-muted hover:text-brand focus-visible:outline-2 focus-visible:outline-ring aria-expanded:text-brand"
      >
        <CircleHelp className="h-4 w-4" aria-hidden="true" />
      </button>
      <div id={id} role="status" className="empty:hidden">
        {open && <p className="mt-2 rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-fg">{help}</p>}
      </div>
    </div>
  );
}
