import type { ClassSummary } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { ALL_NS } from '../../../locales/resources';
import { classTimes, dayLabel } from '../lib/week';

/** When, who, where and how full a class is — one line each, in the location's time zone. */
export function ClassFacts({ c, timeZone, trainer }: { c: ClassSummary; timeZone: string; trainer: string | null }) {
  const { t, i18n } = useTranslation(ALL_NS);
  return (
    <dl className="facts sched-facts">
      <div>
        <dt>{dayLabel(c.localDate, i18n.language, { long: true })}</dt>
        <dd>
          <time dateTime={c.startsAt}>{t('scheduling:common.time', classTimes(c, timeZone))}</time>
        </dd>
      </div>
      <div>
        <dt>{t('scheduling:common.category')}</dt>
        <dd>{t(`scheduling:category.${c.category}`)}</dd>
      </div>
      <div>
        <dt>{t('scheduling:classForm.trainer')}</dt>
        <dd>{trainer ?? t('scheduling:common.noTrainer')}</dd>
      </div>
      {c.room ? (
        <div>
          <dt>{t('scheduling:classForm.room')}</dt>
          <dd>{c.room}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('scheduling:detail.occupancy')}</dt>
        <dd data-testid="class-occupancy">
          {t('scheduling:common.occupancy', { booked: c.booked, capacity: c.capacity })}
          {c.waitlisted > 0 ? ` · ${t('scheduling:common.waitlistCount', { count: c.waitlisted })}` : ''}
        </dd>
      </div>
    </dl>
  );
}
