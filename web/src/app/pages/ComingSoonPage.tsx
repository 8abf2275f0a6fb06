import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/ComingSoon';

/** Route page for features that come in later issues; titleKey is a key of `common`. */
export default function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(titleKey)} />;
}
