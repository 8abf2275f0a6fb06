import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/Switch';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import type { SessionUser } from '@/lib/user';
import { setOwnStatus } from '../api/set-own-status';

/**
 * Pausing oneself (DECISIONS 21): a switch that applies at once. Suspended accounts see why they
 * cannot change it (only admins lift a suspension).
 */
export function PauseSection({ status, onChanged }: { status: SessionUser['status']; onChanged: (user: SessionUser) => void }) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const labelId = useId();
  const hintId = useId();
  const paused = status === 'paused';
  const suspended = status === 'suspended';

  async function toggle(pause: boolean) {
    setBusy(true);
    try {
      const user = await setOwnStatus(pause ? 'paused' : 'active');
      onChanged(user);
      toast.success(pause ? t('pause.paused') : t('pause.resumed'));
    } catch (error) {
      console.error('Error updating status', error);
      toast.error(t('errors.updateProfile'), error instanceof ApiError ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id={labelId} className="font-medium text-fg">
          {t('pause.label')}
        </p>
        <p id={hintId} className="mt-1 text-sm text-muted">
          {suspended ? t('pause.suspended') : paused ? t('pause.hintPaused') : t('pause.hint')}
        </p>
      </div>
      <Switch
        checked={paused}
        onCheckedChange={(on) => void toggle(on)}
        disabled={busy || suspended}
        aria-labelledby={labelId}
        aria-describedby={hintId}
      />
    </div>
  );
}
