import { Check, Languages } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { SUPPORTED_LANGUAGES, currentLanguage, type Language } from '@/lib/i18n';

/**
 * pt/en menu (WAI-ARIA menu button with radio items). Written by hand rather than on Radix's
 * dropdown: it sits in the header of every page and Radix's menu + popper would add ~30 KB gzip
 * to the landing page's initial JS. Choosing a language closes the menu (spec §4) and changes
 * i18next's language, which caches it in localStorage and updates <html lang> (lib/i18n.ts).
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const active = currentLanguage();

  // Focus the current language when the menu opens; close on a click or focus outside.
  useEffect(() => {
    if (!open) return;
    itemRefs.current[SUPPORTED_LANGUAGES.indexOf(active)]?.focus();
    function outside(event: Event) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open, active]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function choose(lng: Language) {
    close(true);
    if (lng !== active) void i18n.changeLanguage(lng);
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const items = itemRefs.current.filter((el): el is HTMLButtonElement => el !== null);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('header.language', { language: t(`language.${active}`) })}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Languages className="h-5 w-5" aria-hidden="true" />
        <span className="font-semibold uppercase">{active}</span>
      </Button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('header.languageMenu')}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 top-full z-50 mt-1.5 min-w-40 rounded-xl border border-border bg-surface p-1 text-fg shadow-lg animate-fade-in"
        >
          {SUPPORTED_LANGUAGES.map((lng, i) => (
            <button
              key={lng}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={lng === active}
              lang={lng}
              tabIndex={-1}
              onClick={() => choose(lng)}
              className="flex w-full cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-surface-2 focus:bg-surface-2 focus-visible:outline-none"
            >
              {t(`language.${lng}`)}
              {lng === active && <Check className="h-4 w-4 text-brand" aria-hidden="true" />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
