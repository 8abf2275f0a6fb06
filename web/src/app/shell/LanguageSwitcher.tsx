import { Check, Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Menu, MenuItemRadio } from '@/components/ui/Menu';
import { SUPPORTED_LANGUAGES, changeLanguage, currentLanguage } from '@/lib/i18n';

/**
 * pt/en menu (menu button with radio items, components/ui/Menu). Choosing a language closes the
 * menu (spec §4) and changes the language once its texts are loaded (no raw keys on the way), which
 * caches it in localStorage and updates <html lang> (lib/i18n.ts). The button's accessible name
 * contains its visible code ("PT") so voice control users can say what they see (WCAG 2.5.3).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const active = currentLanguage();

  return (
    <Menu
      label={t('header.languageMenu')}
      trigger={(props) => (
        <Button {...props} variant="ghost" size="sm" className="max-sm:px-2" aria-label={t('header.language', { language: t(`language.${active}`), code: active.toUpperCase() })}>
          <Languages className="h-5 w-5" aria-hidden="true" />
          <span className="font-semibold uppercase">{active}</span>
        </Button>
      )}
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <MenuItemRadio
          key={lng}
          lang={lng}
          checked={lng === active}
          onSelect={() => {
            if (lng !== active) void changeLanguage(lng);
          }}
        >
          {t(`language.${lng}`)}
          {lng === active && <Check className="h-4 w-4 text-brand" aria-hidden="true" />}
        </MenuItemRadio>
      ))}
    </Menu>
  );
}
