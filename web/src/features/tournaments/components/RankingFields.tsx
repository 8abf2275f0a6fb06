import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/Field';
import { POINTS_MAX, POINTS_MIN, PRESET_NAMES, PRESETS, signed } from '../lib/tournament-form';
import { ChoiceCards } from './ChoiceCards';
import { FieldHelp } from './FieldHelp';
import { bindNumber, type FormPart } from './form-parts';

/** "+3 / +2 / −1" to look at, the full sentence for screen readers. */
function PresetPoints({ preset }: { preset: keyof typeof PRESETS }) {
  const { t } = useTranslation('tournaments');
  const sc = PRESETS[preset];
  const [higher, lower, defeat] = [sc.win_vs_higher, sc.win_vs_lower, sc.defeat].map(signed);
  return (
    <>
      <span aria-hidden="true" className="font-semibold tabular-nums text-fg">
        {`${higher} / ${lower} / ${defeat}`}
      </span>
      <span className="sr-only">{t('form.presetPoints', { higher, lower, defeat })}</span>
    </>
  );
}

/** Points or classic ranking; for points, the preset (or custom numbers). */
export function RankingFields({ part }: { part: FormPart }) {
  const { t } = useTranslation('tournaments');
  const { values, disabled, errors } = part;
  const scoringError = useId();
  const scoringHint = useId();
  return (
    <div className="space-y-5">
      <ChoiceCards
        legend={t('form.rankingType')}
        className="sm:grid-cols-2"
        value={values.rankingType}
        onChange={(v) => part.update('rankingType', v)}
        disabled={disabled}
        error={errors.rankingType}
        choices={(['points', 'classic'] as const).map((r) => ({ value: r, title: t(`rankingTypes.${r}`), body: t(`form.rankingHelp.${r}`) }))}
      />
      {/* Classic moves places, not points: the preset would mean nothing there. */}
      {values.rankingType === 'points' && (
        <FieldHelp label={t('form.preset')} help={t('form.presetHelp')}>
          <ChoiceCards
            legend={t('form.preset')}
            // Five cards: on a phone the last (custom) takes a whole row.
            className="grid-cols-2 sm:grid-cols-3 [&>label:last-child]:col-span-2 sm:[&>label:last-child]:col-span-1"
            hint={t('form.presetOrder')}
            value={values.preset}
            onChange={(v) => part.update('preset', v)}
            disabled={disabled}
            error={errors.preset}
            choices={PRESET_NAMES.map((p) => ({
              value: p,
              title: t(`presets.${p}`),
              body: p === 'custom' ? t('form.customBody') : <PresetPoints preset={p} />,
            }))}
          />
        </FieldHelp>
      )}
      {values.rankingType === 'points' && values.preset === 'custom' && (
        <div className="space-y-2">
          <div className="grid gap-4 sm:grid-cols-3 sm:items-end">
            {(['winVsHigher', 'winVsLower', 'defeat'] as const).map((k) => (
              // One error for the three numbers (the rule ties them together), announced with each.
              <TextField
                key={k}
                label={t(`form.${k}`)}
                {...bindNumber(part, k, POINTS_MIN, POINTS_MAX)}
                error={undefined}
                aria-invalid={errors.scoring ? true : undefined}
                aria-describedby={errors.scoring ? `${scoringError} ${scoringHint}` : scoringHint}
              />
            ))}
          </div>
          <p id={scoringHint} className="text-xs text-muted">
            {t('form.customHint', { min: POINTS_MIN, max: POINTS_MAX })}
          </p>
          {errors.scoring && (
            <p id={scoringError} className="text-sm text-danger">
              {errors.scoring}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
