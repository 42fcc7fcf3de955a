import type { TodaysClass } from '@akhada/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { LoadingState } from '../../../components/spinner';
import { dateLocale, formatNumber } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { todaysClassesQueryOptions } from '../api/dashboard-api';

const clocks = new Map<string, Intl.DateTimeFormat>();
/** "08:00" in the class's location's zone (24-hour, Latin digits, as the timetable). */
const clockIn = (iso: string, timeZone: string, lang: string): string => {
  const key = `${lang}|${timeZone}`;
  let f = clocks.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(dateLocale(lang), { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', numberingSystem: 'latn' });
    clocks.set(key, f);
  }
  return f.format(new Date(iso));
};

/**
 * Today's Classes on the staff dashboard: each class of today in the caller's locations (or the one chosen) with its
 * time, trainer and occupancy (places taken of capacity, a bar, the waitlist), cancelled ones marked. Its own request,
 * loading and retry; left out altogether for a gym whose plan lacks scheduling.
 */
export function TodaysClasses({ locationId }: { locationId: string | null }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const query = useQuery(todaysClassesQueryOptions(locationId));
  if (query.data && !query.data.included) return null;
  const severalPlaces = new Set(query.data?.classes.map((c) => c.locationId)).size > 1;
  return (
    <section className="card todays-classes" aria-labelledby="todays-classes-title" data-testid="todays-classes">
      <div className="card__head">
        <h2 id="todays-classes-title" className="card__title">
          {t('dashboard:classes.title')}
        </h2>
        {query.data && query.data.classes.length > 0 ? (
          <Link to="/dashboard/classes" className="link link--strong">
            {t('dashboard:classes.viewAll')}
          </Link>
        ) : null}
      </div>
      {query.isPending ? (
        <LoadingState title={t('dashboard:classes.loading')} />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          title={t('dashboard:classes.error')}
          onRetry={() => void query.refetch()}
          retryLabel={t('dashboard:tryAgain')}
          retrying={query.isFetching}
        />
      ) : query.data.classes.length === 0 ? (
        <EmptyState
          icon={<CalendarCheckIcon size={28} />}
          title={t('dashboard:classes.empty')}
          hint={t('dashboard:classes.emptyHint')}
          action={
            <Link to="/dashboard/classes" className="btn btn--secondary btn--sm" data-testid="todays-classes-timetable">
              {t('dashboard:classes.openTimetable')}
            </Link>
          }
        />
      ) : (
        <ul className="class-list" aria-label={t('dashboard:classes.list')}>
          {query.data.classes.map((c) => (
            <ClassLine key={c.classId} c={c} lang={i18n.language} showLocation={severalPlaces} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ClassLine({ c, lang, showLocation }: { c: TodaysClass; lang: string; showLocation: boolean }) {
  const { t } = useTranslation(ALL_NS);
  const full = c.booked >= c.capacity;
  const percent = Math.min(100, Math.round((c.booked / c.capacity) * 100));
  const details = [c.trainerName ?? t('dashboard:classes.noTrainer'), c.room, showLocation ? c.locationName : ''].filter(Boolean).join(' · ');
  return (
    <li className={`class-line${c.cancelled ? ' class-line--cancelled' : ''}`} data-testid={`todays-class-${c.classId}`}>
      <time className="class-line__time" dateTime={c.startsAt}>
        {t('dashboard:classes.time', { start: clockIn(c.startsAt, c.timeZone, lang), end: clockIn(c.endsAt, c.timeZone, lang) })}
      </time>
      <span className="class-line__body">
        <Link to={`/dashboard/classes/${c.classId}`} className="class-line__name">
          {c.name}
        </Link>
        <span className="class-line__details">{details}</span>
      </span>
      <span className="class-line__occupancy">
        {c.cancelled ? (
          <span className="badge badge--danger" data-testid="class-cancelled">
            {t('dashboard:classes.cancelled')}
          </span>
        ) : (
          <>
            <span className="class-line__count" data-testid="class-booked">
              {t('dashboard:classes.booked', { booked: formatNumber(c.booked), capacity: formatNumber(c.capacity) })}
              {full ? <span className="badge class-line__full">{t('dashboard:classes.full')}</span> : null}
            </span>
            <span
              className={`class-line__bar${full ? ' class-line__bar--full' : ''}`}
              role="meter"
              aria-valuemin={0}
              aria-valuemax={c.capacity}
              aria-valuenow={c.booked}
              aria-label={t('dashboard:classes.bookedLabel', { booked: c.booked, capacity: c.capacity })}
            >
              <span style={{ width: `${percent}%` }} />
            </span>
            {c.waitlist > 0 ? (
              <span className="class-line__waitlist" data-testid="class-waitlist">
                {t('dashboard:classes.waitlist', { count: c.waitlist })}
              </span>
            ) : null}
          </>
        )}
      </span>
    </li>
  );
}
