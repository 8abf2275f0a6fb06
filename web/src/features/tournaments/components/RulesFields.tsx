import { useTranslation } from 'react-i18next';
import { TextAreaField, TextField } from '@/components/ui/Field';
import { FieldHelp } from './FieldHelp';
import { bind, bindNumber, type FormPart } from './form-parts';

/** Challenge rules: answer deadline, rejections, games per period, range, size, special rules. */
export function RulesFields({ part }: { part: FormPart }) {
  const { t } = useTranslation('tournaments');
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldHelp label={t('form.responseDays')} help={t('form.responseDaysHelp')}>
          <TextField label={t('form.responseDays')} hint={t('form.responseDaysHint')} {...bindNumber(part, 'responseDays', 1, 30)} />
        </FieldHelp>
        <FieldHelp label={t('form.maxRejections')} help={t('form.maxRejectionsHelp')}>
          <TextField label={t('form.maxRejections')} hint={t('form.maxRejectionsHint')} {...bindNumber(part, 'maxRejections', 0, 20)} />
        </FieldHelp>
      </div>
      <FieldHelp label={t('form.games')} help={t('form.gamesHelp')}>
        <fieldset aria-describedby={`${part.idPrefix}-games-hint`}>
          <legend className="mb-2 pr-8 text-sm font-medium text-fg">{t('form.games')}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label={t('form.minGames')} {...bindNumber(part, 'minGames', 0, 50)} />
            <TextField label={t('form.maxGames')} {...bindNumber(part, 'maxGames', 1, 50)} />
            <TextField label={t('form.periodWeeks')} {...bindNumber(part, 'periodWeeks', 1, 52)} />
          </div>
          <p id={`${part.idPrefix}-games-hint`} className="mt-1.5 text-xs text-muted">
            {t('form.gamesHint')}
          </p>
        </fieldset>
      </FieldHelp>
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldHelp label={t('form.challengeRange')} help={t('form.challengeRangeHelp')}>
          <TextField label={t('form.challengeRange')} hint={t('form.challengeRangeHint')} {...bindNumber(part, 'challengeRange', 0, 50)} />
        </FieldHelp>
        <TextField label={t('form.maxParticipants')} hint={t('form.maxParticipantsHint')} {...bindNumber(part, 'maxParticipants', 0, 500)} />
      </div>
      <TextAreaField label={t('form.specialRules')} placeholder={t('form.specialRulesPlaceholder')} maxLength={4000} {...bind(part, 'specialRules')} />
    </div>
  );
}
