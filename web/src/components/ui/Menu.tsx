import {
  createContext,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';

/**
 * A WAI-ARIA menu button, written by hand rather than on Radix's dropdown: menus sit in the header
 * of every page and Radix's menu + popper would add ~30 KB gzip to the landing page's initial JS.
 *
 * - Enter, Space, ArrowDown or ArrowUp on the button open the menu and focus the checked item
 *   (menuitemradio) or else the first one (ArrowUp: the last one);
 * - in the menu ArrowDown/ArrowUp move (wrapping), Home/End jump, Escape closes and gives focus
 *   back to the button, Tab closes and lets focus move on;
 * - a click or focus outside closes it; choosing an item closes it.
 */
export interface MenuTriggerProps {
  ref: Ref<HTMLButtonElement>;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

interface MenuProps {
  /** The menu's accessible name. */
  label: string;
  /** Renders the button; spread the props onto a <button> (or Button). */
  trigger: (props: MenuTriggerProps, open: boolean) => ReactNode;
  /** The menu items (MenuItem, MenuLink, MenuItemRadio, MenuSeparator). */
  children: ReactNode;
  /** Shown above the items inside the popup, outside the menu role (e.g. who is signed in). */
  header?: ReactNode;
  /** Which way the popup opens from the button. */
  side?: 'bottom' | 'top';
  align?: 'start' | 'end';
  className?: string;
  panelClassName?: string;
}

interface MenuContextValue {
  close: (returnFocus: boolean) => void;
}

const MenuContext = createContext<MenuContextValue | null>(null);

function useMenuContext() {
  const ctx = useContext(MenuContext);
  if (!ctx) throw new Error('Menu items must be used within a Menu');
  return ctx;
}

const ITEM_SELECTOR = '[role="menuitem"],[role="menuitemradio"],[role="menuitemcheckbox"]';

function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll(ITEM_SELECTOR)) : [];
}

export function Menu({ label, trigger, children, header, side = 'bottom', align = 'end', className, panelClassName }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [focusLast, setFocusLast] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);


  // Focus an item when the menu opens; close on a click or focus outside. Before the open menu is
  // painted (a layout effect), so a key pressed at once already reaches the item.
  useLayoutEffect(() => {
    if (!open) return;
    const all = itemsOf(menuRef.current);
    const checked = all.find((el) => el.getAttribute('aria-checked') === 'true');
    (focusLast ? all[all.length - 1] : (checked ?? all[0]))?.focus();
    function outside(event: Event) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open, focusLast]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  function onMenuKeyDown(event: KeyboardEvent) {
    const all = itemsOf(menuRef.current);
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => all[(i + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  const triggerProps: MenuTriggerProps = {
    ref: buttonRef,
    'aria-haspopup': 'menu',
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => {
      setFocusLast(false);
      setOpen((v) => !v);
    },
    onKeyDown: (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setFocusLast(event.key === 'ArrowUp');
        setOpen(true);
      }
    },
  };

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      {trigger(triggerProps, open)}
      {open && (
        <div
          className={cn(
            'absolute z-50 min-w-40 rounded-xl border border-border bg-surface p-1 text-fg shadow-lg animate-fade-in',
            side === 'bottom' ? 'top-full mt-1.5' : 'bottom-full mb-2',
            align === 'end' ? 'right-0' : 'left-0',
            panelClassName,
          )}
        >
          {header}
          <div ref={menuRef} id={menuId} role="menu" aria-label={label} onKeyDown={onMenuKeyDown}>
            <MenuContext.Provider value={{ close }}>{children}</MenuContext.Provider>
          </div>
        </div>
      )}
    </div>
  );
}

const itemClass =
  'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-fg ' +
  'hover:bg-surface-2 focus:bg-surface-2 focus-visible:outline-none';

/** An action; the menu closes and focus returns to the button before onSelect runs. */
export function MenuItem({ className, onSelect, children, ...props }: Omit<ComponentProps<'button'>, 'onClick'> & { onSelect: () => void }) {
  const { close } = useMenuContext();
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={cn(itemClass, className)}
      onClick={() => {
        close(true);
        onSelect();
      }}
      {...props}
    >
      {children}
    </button>
  );
}

/** A link inside the menu; following it closes the menu (focus moves with the navigation). */
export function MenuLink({ className, children, ...props }: LinkProps) {
  const { close } = useMenuContext();
  return (
    <Link role="menuitem" tabIndex={-1} className={cn(itemClass, className)} onClick={() => close(false)} {...props}>
      {children}
    </Link>
  );
}

/** One choice of a set (e.g. a language); the checked one gets focus when the menu opens. */
export function MenuItemRadio({
  checked,
  onSelect,
  className,
  children,
  ...props
}: Omit<ComponentProps<'button'>, 'onClick'> & { checked: boolean; onSelect: () => void }) {
  const { close } = useMenuContext();
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      className={cn(itemClass, 'justify-between', className)}
      onClick={() => {
        close(true);
        onSelect();
      }}
      {...props}
    >
      {children}
    </button>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="-mx-1 my-1 h-px bg-border" />;
}
