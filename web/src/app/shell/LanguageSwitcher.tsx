import { Check, Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Menu, MenuItemRadio } from '@/components/ui/Menu';
import { SUPPORTED_LANGUAGES, currentLanguage } from '@/lib/i18n';

/**
 * pt/en menu (menu button with radio items, components/ui/Menu). Choosing a language closes the
 * menu (spec §4) and changes i18next's language, which caches it in localStorage and updates
 * <html lang> (lib/i18n.ts).
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage();

  return (
    <Menu
      label={t('header.languageMenu')}
      trigger={(props) => (
        <Button {...props} variant="ghost" size="sm" className="max-sm:px-2" aria-label={t('header.language', { language: t(`language.${active}`) })}>
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
            if (lng !== active) void i18n.changeLanguage(lng);
          }}
        >
          {t(`language.${lng}`)}
          {lng === active && <Check className="h-4 w-4 text-brand" aria-hidden="true" />}
        </MenuItemRadio>
      ))}
    </Menu>
  );
}
