import { CheckCircle2, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { checkScore, type ScoreCheck } from '../api/hub';

const EXAMPLES = ['6-4 6-3', '7-6(5) 3-6 10-8', '6-4 5-7 [10-12]', '6-5 6-4'];

/**
 * The interactive score checker: the server's own validation (the one a result report goes
 * through) says valid with the winner, or why not, translated. The verdict is announced.
 */
export function ScoreChecker() {
  const { t } = useTranslation('hub');
  const [score, setScore] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ScoreCheck | null>(null);
  const [failed, setFailed] = useState(false);

  async function run(value: string) {
    setBusy(true);
    setFailed(false);
    try {
      setResult(await checkScore(value));
    } catch {
      setResult(null);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(score);
  }

  return (
    <div>
      <p className="text-sm text-muted">{t('checker.intro')}</p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <TextField
            label={t('checker.label')}
            value={score}
            placeholder={t('checker.placeholder')}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setScore(e.target.value)}
            data-testid="score-input"
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? t('checker.checking') : t('checker.check')}
        </Button>
      </form>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted">
        {t('checker.examples')}
        {EXAMPLES.map((ex) => (
          <button
            key={ex}
            type="button"
            className="rounded-md bg-surface-2 px-2 py-0.5 font-mono text-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => {
              setScore(ex);
              void run(ex);
            }}
          >
            {ex}
          </button>
        ))}
      </p>
      <div aria-live="polite" className="mt-4" data-testid="score-verdict">
        {failed && <p className="text-sm text-danger">{t('checker.failed')}</p>}
        {result?.valid && (
          <div className="flex items-start gap-2 rounded-lg border border-border bg-surface-2 p-3 text-sm" data-valid="true">
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden="true" />
            <div>
              <p className="font-semibold text-fg">{t('checker.valid', { score: result.canonical })}</p>
              <p className="text-fg">{result.winner === 'first' ? t('checker.winnerFirst') : t('checker.winnerSecond')}</p>
            </div>
          </div>
        )}
        {result && !result.valid && (
          <div className="flex items-start gap-2 rounded-lg border border-danger bg-surface-2 p-3 text-sm" data-valid="false">
            <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-danger" aria-hidden="true" />
            <div>
              <p className="font-semibold text-fg">{t('checker.invalid')}</p>
              <p className="text-fg">{result.reason}</p>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
