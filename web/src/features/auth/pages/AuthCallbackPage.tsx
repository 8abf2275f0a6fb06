import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import { Spinner } from '@/components/ui/Spinner';
import { takeReturnPath } from '@/lib/returnPath';
import { useSession } from '@/lib/SessionProvider';

/**
 * /auth/callback: where the identity provider sends the browser back with `code` and `state`.
 * A provider's `error=` (RFC 6749 §4.1.2.1; `access_denied` when the user cancelled) is shown as
 * such, with the provider's code and description as plain text. Without a code nothing is posted
 * (spec §5); otherwise the code is exchanged for a session
 * (once, even under StrictMode's double effects: the session merges concurrent exchanges), the
 * user is fetched again and the browser goes back to the page the sign-in started from
 * (lib/returnPath: same-origin paths only), home when there is none. A failure shows the server's translated
 * message, with a way home and a way to try again.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { exchange, login } = useSession();
  const code = params.get('code');
  const state = params.get('state');
  const providerError = readable(params.get('error'), 64);
  const providerDescription = readable(params.get('error_description'), 300);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!code || providerError) return;
    let active = true;
    exchange(code, state).then(
      () => active && navigate(takeReturnPath(), { replace: true }),
      (failure: unknown) => {
        // ApiError and SessionError carry a message ready to show; anything else gets the generic one.
        if (active) setError(failure instanceof Error ? failure.message : '');
      },
    );
    return () => {
      active = false;
    };
  }, [code, state, providerError, exchange, navigate]);

  let message: string | null = null;
  if (providerError) message = t(providerError === 'access_denied' ? 'auth.providerCancelled' : 'auth.providerRefused');
  else if (!code) message = t('errors:auth.no_code');
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
        {providerError && (
          <p className="text-sm text-muted" data-testid="provider-error">
            {t('auth.providerSaid')} <code className="break-all">{providerError}</code>
            {providerDescription && <> — <span className="break-words">{providerDescription}</span></>}
          </p>
        )}
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

/** A query value fit to show: control characters removed, trimmed, cut to max characters. */
function readable(value: string | null, max: number): string {
  const clean = (value ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
