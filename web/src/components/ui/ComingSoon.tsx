import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from './Button';
import { PageTitle } from './PageTitle';

/** The placeholder of every page whose feature arrives in a later issue. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <span className="mb-6 grid h-16 w-16 place-items-center rounded-2xl bg-accent text-accent-fg" aria-hidden="true">
        <Hammer className="h-8 w-8" />
      </span>
      <PageTitle title={title} />
      <p className="mt-4 text-lg text-muted">{t('comingSoon.body')}</p>
      <Link to="/" className={buttonClasses('outline', 'md', 'mt-8')}>
        {t('comingSoon.back')}
      </Link>
    </section>
  );
}
