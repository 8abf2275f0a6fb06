import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** The page's single <h1>; also sets document.title so tabs and history read well. */
export function PageTitle({ children, title, className }: { children?: ReactNode; title: string; className?: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return <h1 className={cn('text-3xl font-bold tracking-tight text-fg sm:text-4xl', className)}>{children ?? title}</h1>;
}
