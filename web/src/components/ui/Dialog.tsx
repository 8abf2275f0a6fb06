import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * Modal dialog and side sheet on Radix Dialog (focus trap, Escape, aria wiring). Import this
 * module lazily: Radix stays out of the landing page's initial bundle.
 */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

/** The page's own opener of a dialog, for when it opened from the URL (see `Content`). */
export type ReturnFocus = () => HTMLElement | null | undefined;

interface ContentProps {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  /** Where focus goes on close when nothing on the page opened the dialog (e.g. `?create=true`). */
  returnFocus?: ReturnFocus;
}

function CloseButton() {
  const { t } = useTranslation();
  return (
    <RadixDialog.Close
      className="absolute right-3 top-3 grid h-9 w-9 cursor-pointer place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={t('actions.close')}
    >
      <X className="h-5 w-5" aria-hidden="true" />
    </RadixDialog.Close>
  );
}

/** Makes a heading or landmark focusable by script only (tabindex=-1), unless it already is. */
function focusable(el: HTMLElement) {
  if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
  return el;
}

/**
 * Focus for a dialog whose opener is gone: the page's own opener (`returnFocus`), else the
 * page's heading, else its main landmark (#main in the app shell). The heading and the landmark
 * take focus without scrolling: the page does not jump to its top.
 */
function focusFallback(returnFocus?: ReturnFocus) {
  const own = returnFocus?.();
  if (own?.isConnected) return own.focus();
  const target =
    document.querySelector<HTMLElement>('main h1') ??
    document.querySelector<HTMLElement>('h1') ??
    document.querySelector<HTMLElement>('#main') ??
    document.querySelector<HTMLElement>('main');
  if (target) focusable(target).focus({ preventScroll: true });
}

/**
 * Radix's content, returning focus on close to what had it when the dialog opened (WCAG 2.4.3).
 * Radix returns it only to a Dialog.Trigger; our dialogs open from state or from the URL
 * (`?create=true`, then unmounted when the parameter goes), so without this focus fell to <body>.
 * Rendered only while open (inside the Portal), so the element is read at each opening. When
 * there is no opener (opened from the URL) or it is gone, `focusFallback` picks the target,
 * unless something outside the dialog took focus meanwhile. A real Trigger, if a dialog has one,
 * still wins (Radix focuses it after this handler).
 */
function Content({ returnFocus, ...props }: ComponentProps<typeof RadixDialog.Content> & { returnFocus?: ReturnFocus }) {
  const [opener] = useState(() => document.activeElement);
  const ref = useRef<HTMLDivElement>(null);
  return (
    <RadixDialog.Content
      {...props}
      ref={ref}
      onCloseAutoFocus={() => {
        if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
          opener.focus();
          return;
        }
        const now = document.activeElement;
        if (!now || now === document.body || !now.isConnected || ref.current?.contains(now)) focusFallback(returnFocus);
      }}
    />
  );
}

const overlay = 'fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm data-[state=open]:animate-fade-in';

export function DialogContent({ title, description, children, className, returnFocus }: ContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlay} />
      <Content
        returnFocus={returnFocus}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
          'overflow-y-auto rounded-2xl border border-border bg-surface p-6 text-fg shadow-2xl data-[state=open]:animate-pop-in',
          className,
        )}
      >
        <RadixDialog.Title className="pr-10 text-xl font-semibold">{title}</RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
        ) : (
          <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
        )}
        <div className="mt-5">{children}</div>
        <CloseButton />
      </Content>
    </RadixDialog.Portal>
  );
}

/** A panel that slides in from the right edge (the help centre, the mobile menu). */
export function SheetContent({ title, description, children, className, returnFocus }: ContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlay} />
      <Content
        returnFocus={returnFocus}
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l border-border bg-surface text-fg shadow-2xl',
          'data-[state=open]:animate-slide-in',
          className,
        )}
      >
        <div className="border-b border-border px-6 py-5">
          <RadixDialog.Title className="pr-10 text-xl font-semibold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
        </div>
        <div className="flex-1 overflow-y-auto px-6 py-5">{children}</div>
        <CloseButton />
      </Content>
    </RadixDialog.Portal>
  );
}
