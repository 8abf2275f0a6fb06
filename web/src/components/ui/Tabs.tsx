import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  /** Rendered only while the tab is selected. */
  content: ReactNode;
}

interface TabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: TabItem<T>[];
  value: T;
  onValueChange: (value: T) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: ArrowLeft/ArrowRight move (wrapping) and select,
 * Home/End jump; only the selected tab is in the tab order, and its panel follows it.
 * Hand-written (a few dozen lines) rather than Radix Tabs, which the app does not otherwise need.
 */
export function Tabs<T extends string>({ label, tabs, value, onValueChange, className }: TabsProps<T>) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === value);
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    onValueChange(tabs[next].id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(tabs[next].id))}`)?.focus();
  }

  const selected = tabs.find((t) => t.id === value) ?? tabs[0];
  return (
    <div className={className}>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto rounded-xl border border-border bg-surface-2 p-1"
      >
        {tabs.map((tab) => {
          const active = tab.id === selected.id;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={panelId(tab.id)}
              tabIndex={active ? 0 : -1}
              onClick={() => onValueChange(tab.id)}
              className={cn(
                'inline-flex min-h-10 flex-1 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors sm:flex-none',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                active ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div id={panelId(selected.id)} role="tabpanel" aria-labelledby={tabId(selected.id)} tabIndex={0} className="mt-6 rounded-xl focus-visible:outline-2 focus-visible:outline-ring">
        {selected.content}
      </div>
    </div>
  );
}
