import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Features } from '../components/Features';
import { FinalCta } from '../components/FinalCta';
import { Hero } from '../components/Hero';
import { HowItWorks } from '../components/HowItWorks';

/**
 * `/`: the landing page for visitors. The signed-in dashboard (spec §2) replaces it for members
 * once sign-in exists.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  useEffect(() => {
    document.title = t('meta.title');
  }, [t]);
  return (
    <>
      <Hero />
      <Features />
      <HowItWorks />
      <FinalCta />
    </>
  );
}
