import { useTranslation } from 'react-i18next';

/** The points presets of internal/ladder (SPEC §9): win vs higher-ranked, win vs lower-ranked, defeat. */
const PRESETS = [
  ['standard', 3, 2, -1],
  ['aggressive', 5, 3, -2],
  ['conservative', 2, 1, 0],
  ['tennis_style', 4, 2, -1],
] as const;

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h3 className="text-base font-semibold text-fg">{title}</h3>
      <div className="mt-2 space-y-2 text-sm text-fg">{children}</div>
    </div>
  );
}

/** How a ladder works here and how tennis is scored: the real rules of internal/ladder and internal/tennis. */
export function RulesGuide() {
  const { t } = useTranslation('hub');
  return (
    <div className="space-y-6">
      <Part title={t('rules.ladderTitle')}>
        <p>{t('rules.ladderPoints')}</p>
        <p>{t('rules.ladderClassic')}</p>
      </Part>
      <Part title={t('rules.presetsTitle')}>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('rules.presetHead.preset')}
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  {t('rules.presetHead.higher')}
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  {t('rules.presetHead.lower')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('rules.presetHead.defeat')}
                </th>
              </tr>
            </thead>
            <tbody>
              {PRESETS.map(([key, higher, lower, defeat]) => (
                <tr key={key} className="border-t border-border">
                  <th scope="row" className="py-1.5 pr-3 font-medium">
                    {t(`rules.preset.${key}`)}
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{signed(higher)}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{signed(lower)}</td>
                  <td className="py-1.5 text-right tabular-nums">{signed(defeat)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-muted">{t('rules.preset.custom')}</p>
      </Part>
      <Part title={t('rules.challengeTitle')}>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>{t('rules.challengeRange')}</li>
          <li>{t('rules.deadline')}</li>
          <li>{t('rules.rejections')}</li>
          <li>{t('rules.limits')}</li>
          <li>{t('rules.validation')}</li>
        </ul>
      </Part>
      <Part title={t('rules.scoringTitle')}>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>{t('rules.games')}</li>
          <li>{t('rules.sets')}</li>
          <li>{t('rules.tiebreak')}</li>
          <li>{t('rules.superTiebreak')}</li>
          <li>{t('rules.bestOf')}</li>
        </ul>
      </Part>
    </div>
  );
}
