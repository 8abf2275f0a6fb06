import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import {
  TOAST_EXIT_MS,
  dismissToast,
  getToasts,
  showToast,
  subscribeToasts,
  type ToastInput,
  type ToastItem,
  type ToastVariant,
} from '@/lib/toast';

interface ToastApi {
  toast: (input: ToastInput) => number;
  success: (title: string, description?: string) => number;
  error: (title: string, description?: string) => number;
  info: (title: string, description?: string) => number;
  warning: (title: string, description?: string) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const api: ToastApi = {
  toast: showToast,
  success: (title, description) => showToast({ variant: 'success', title, description }),
  error: (title, description) => showToast({ variant: 'error', title, description }),
  info: (title, description) => showToast({ variant: 'info', title, description }),
  warning: (title, description) => showToast({ variant: 'warning', title, description }),
  dismiss: dismissToast,
};

/** Provides useToast() and renders the toasts, top right (spec §2). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const value = useMemo(() => api, []);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Toaster />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used within a ToastProvider');
  return ctx;
}

const icons: Record<ToastVariant, typeof Info> = {
  success: CircleCheck,
  error: CircleAlert,
  info: Info,
  warning: TriangleAlert,
};

const accents: Record<ToastVariant, string> = {
  success: 'border-l-success text-success',
  error: 'border-l-danger text-danger',
  info: 'border-l-info text-info',
  warning: 'border-l-warning text-warning',
};

function ToastCard({ item }: { item: ToastItem }) {
  const { t } = useTranslation();
  const Icon = icons[item.variant];
  return (
    // The live role sits on a child: a list item may not take another role (axe: list,
    // aria-allowed-role).
    <li className="pointer-events-auto">
      <div
        role={item.variant === 'error' ? 'alert' : 'status'}
        data-variant={item.variant}
        style={{ transitionDuration: `${TOAST_EXIT_MS}ms` }}
        className={cn(
          'relative flex w-full gap-3 rounded-xl border border-l-4 border-border bg-surface p-4 pr-10 shadow-lg',
          'animate-toast-in transition-all ease-in',
          accents[item.variant],
          item.leaving && 'translate-x-4 opacity-0',
        )}
      >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 text-fg">
        {item.title && <p className="font-semibold">{item.title}</p>}
        {item.description && <p className="mt-0.5 text-sm text-muted">{item.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        aria-label={t('actions.close')}
        className="absolute right-2 top-2 grid h-8 w-8 cursor-pointer place-items-center rounded-md text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
      </div>
    </li>
  );
}

export function Toaster() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <section aria-label={t('toast.region')} className="pointer-events-none fixed right-4 top-4 z-[60] w-[min(24rem,calc(100vw-2rem))]">
      <ol className="flex flex-col gap-2">
        {items.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
