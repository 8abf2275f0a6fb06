/**
 * A tiny toast store outside React, so code that is not a component (the request helper in
 * lib/api.ts) can raise toasts too. components/ui/toast renders it; useToast() wraps it.
 */
export type ToastVariant = 'success' | 'error' | 'info' | 'warning';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it starts leaving; defaults to TOAST_DEFAULT_DURATION. */
  duration?: number;
}

export interface ToastItem {
  id: number;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  /** True during the exit animation, just before removal. */
  leaving: boolean;
}

export const TOAST_DEFAULT_DURATION = 5000; // spec §9
export const TOAST_EXIT_MS = 300; // spec §4/§9

type Listener = () => void;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

function schedule(id: number, ms: number, fn: () => void) {
  clearTimeout(timers.get(id));
  timers.set(id, setTimeout(fn, ms));
}

export function showToast(input: ToastInput): number {
  const id = nextId++;
  const duration = input.duration ?? TOAST_DEFAULT_DURATION;
  items = [
    ...items,
    { id, title: input.title, description: input.description, variant: input.variant ?? 'info', duration, leaving: false },
  ];
  emit();
  schedule(id, duration, () => dismissToast(id));
  return id;
}

/** Starts the exit animation, then removes the toast TOAST_EXIT_MS later. */
export function dismissToast(id: number) {
  const item = items.find((t) => t.id === id);
  if (!item || item.leaving) return;
  items = items.map((t) => (t.id === id ? { ...t, leaving: true } : t));
  emit();
  schedule(id, TOAST_EXIT_MS, () => {
    timers.delete(id);
    items = items.filter((t) => t.id !== id);
    emit();
  });
}

export function subscribeToasts(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): ToastItem[] {
  return items;
}

/** Test helper: forget every toast and timer. */
export function resetToasts() {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  items = [];
  emit();
}
