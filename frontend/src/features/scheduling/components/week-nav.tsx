import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon } from '../../../components/icons/chevron-left';
import { ChevronRightIcon } from '../../../components/icons/chevron-right';
import { ALL_NS } from '../../../locales/resources';
import { addDays, dayLabel } from '../lib/week';

/** Previous / this / next week around the timetable; the week shown is announced when it changes. */
export function WeekNav({ weekStart, onChange, isCurrent }: { weekStart: string; onChange: (week: string | undefined) => void; isCurrent: boolean }) {
  const { t, i18n } = useTranslation(ALL_NS);
  return (
    <nav className="sched-week-nav" aria-label={t('scheduling:week.label')}>
      <button type="button" className="btn btn--secondary btn--sm" onClick={() => onChange(addDays(weekStart, -7))} data-testid="week-previous">
        <ChevronLeftIcon size={16} />
        <span className="sched-week-nav__text">{t('scheduling:week.previous')}</span>
      </button>
      <p className="sched-week-nav__label" aria-live="polite" data-testid="week-label">
        {t('scheduling:week.of', { date: `${dayLabel(weekStart, i18n.language)} – ${dayLabel(addDays(weekStart, 6), i18n.language)}` })}
      </p>
      {!isCurrent ? (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => onChange(undefined)} data-testid="week-current">
          {t('scheduling:week.current')}
        </button>
      ) : null}
      <button type="button" className="btn btn--secondary btn--sm" onClick={() => onChange(addDays(weekStart, 7))} data-testid="week-next">
        <span className="sched-week-nav__text">{t('scheduling:week.next')}</span>
        <ChevronRightIcon size={16} />
      </button>
    </nav>
  );
}
