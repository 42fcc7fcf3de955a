import type { ClassSummary, Timetable } from '@akhada/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { ALL_NS } from '../../../locales/resources';
import { classTimes, dayLabel, daysWithClasses, weekColumns, type DayColumn } from '../lib/week';

/** One class on the staff timetable: time, name, trainer, room, occupancy and whether it is cancelled; opens its detail. */
function ClassTile({ c, timeZone, trainerName }: { c: ClassSummary; timeZone: string; trainerName: (id: string | null) => string | null }) {
  const { t } = useTranslation(ALL_NS);
  const times = classTimes(c, timeZone);
  const trainer = c.trainerName ?? trainerName(c.trainerId);
  const cancelled = c.status === 'cancelled';
  return (
    <li>
      <Link
        to={`/dashboard/classes/${c.id}`}
        className={`sched-class${cancelled ? ' sched-class--cancelled' : ''}`}
        style={{ '--class-colour': c.colour } as CSSProperties}
        data-testid="timetable-class"
      >
        <span className="sched-class__time">{t('scheduling:common.time', times)}</span>
        <span className="sched-class__name">{c.className}</span>
        {trainer ? <span className="sched-class__meta">{trainer}</span> : null}
        {c.room ? <span className="sched-class__meta">{t('scheduling:common.room', { room: c.room })}</span> : null}
        {cancelled ? (
          <span className="badge badge--danger">{t('scheduling:common.cancelled')}</span>
        ) : (
          <span className="sched-class__occ" data-testid="timetable-occupancy">
            {t('scheduling:common.occupancy', { booked: c.booked, capacity: c.capacity })}
            {c.waitlisted > 0 ? ` · ${t('scheduling:common.waitlistCount', { count: c.waitlisted })}` : ''}
          </span>
        )}
      </Link>
    </li>
  );
}

function DayHeading({ day, today, children }: { day: DayColumn; today: string; children?: ReactNode }) {
  const { t, i18n } = useTranslation(ALL_NS);
  return (
    <h3 className={`sched-day__title${day.date === today ? ' sched-day__title--today' : ''}`} id={`day-${day.date}`}>
      {dayLabel(day.date, i18n.language)}
      {day.date === today ? <span className="badge badge--info">{t('scheduling:common.today')}</span> : null}
      {children}
    </h3>
  );
}

/**
 * The week: seven columns (Monday to Sunday) on a desktop, a list of the days that have classes on a phone. Days and
 * times are the location's (the server gives each class's local date and time).
 */
export function WeekTimetable({ timetable, today, trainerName }: { timetable: Timetable; today: string; trainerName: (id: string | null) => string | null }) {
  const { t } = useTranslation(ALL_NS);
  const phone = useMediaQuery(MOBILE_QUERY);
  const days = weekColumns(timetable.weekStart, timetable.classes);
  if (phone) {
    return (
      <div className="sched-agenda" data-testid="timetable-agenda">
        {daysWithClasses(days).map((day) => (
          <section key={day.date} className="sched-agenda__day" aria-labelledby={`day-${day.date}`}>
            <DayHeading day={day} today={today} />
            <ul className="sched-day__list">
              {day.classes.map((c) => (
                <ClassTile key={c.id} c={c} timeZone={timetable.timeZone} trainerName={trainerName} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    );
  }
  return (
    <div className="sched-grid" role="group" aria-label={t('scheduling:timetable.gridLabel')} data-testid="timetable-grid">
      {days.map((day) => (
        <section key={day.date} className="sched-day" aria-labelledby={`day-${day.date}`}>
          <DayHeading day={day} today={today} />
          {day.classes.length === 0 ? (
            <p className="sched-day__empty">{t('scheduling:week.noClassesDay')}</p>
          ) : (
            <ul className="sched-day__list">
              {day.classes.map((c) => (
                <ClassTile key={c.id} c={c} timeZone={timetable.timeZone} trainerName={trainerName} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
