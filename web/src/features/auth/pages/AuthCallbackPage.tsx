import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import { Spinner } from '@/components/ui/Spinner';
import { useSession } from '@/lib/SessionProvider';

/**
 * /auth/callback: where the identity provider sends the browser back with `code` and `state`.
 * Without a code nothing is posted (spec §5); otherwise the code is exchanged for a session
 * (once, even under StrictMode's double effects: the session merges concurrent exchanges), the
 * user is fetched again and the browser goes home. A failure shows the server's translated
 * message, with a way home and a way to try again.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { exchange, login } = useSession();
  const code = params.get('code');
  const state = params.get('state');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!code) return;
    let active = true;
    exchange(code, state).then(
      () => active && navigate('/', { replace: true }),
      (failure: unknown) => {
        // ApiError and SessionError carry a message ready to show; anything else gets the generic one.
        if (active) setError(failure instanceof Error ? failure.message : '');
      },
    );
    return () => {
      active = false;
    };
  }, [code, state, exchange, navigate]);

  let message: string | null = null;
  if (!code) message = t('errors:auth.no_code');
  else if (error !== null) message = error || t('api.unknownError');
  if (message) {
    return (
      <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-20 text-center">
        <span className="grid h-14 w-14 place-items-center rounded-2xl bg-surface-2 text-danger" aria-hidden="true">
          <CircleAlert className="h-7 w-7" />
        </span>
        <PageTitle title={t('auth.failedTitle')} className="text-2xl sm:text-3xl" />
        <p role="alert" className="text-muted">
          {message}
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Button onClick={() => void login()}>{t('auth.retry')}</Button>
          <Link to="/" replace className={buttonClasses('outline')}>
            {t('comingSoon.back')}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-6 px-4 py-20 text-center">
      <PageTitle title={t('auth.finishing')} className="text-2xl sm:text-3xl" />
      <Spinner />
    </section>
  );
}
