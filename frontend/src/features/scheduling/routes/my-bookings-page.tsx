import { useId, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { PageHeader } from '../../../components/page-header';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { ALL_NS } from '../../../locales/resources';
import { useMyBookings } from '../api/scheduling-api';
import { CalendarLink } from '../components/calendar-link';
import { PlaceActions } from '../components/place-actions';
import { QueryView } from '../components/scheduling-states';
import { useLiveScheduling } from '../lib/use-live-scheduling';
import { classTimes, dayLabel, isBookable } from '../lib/week';
import '../scheduling.css';

/**
 * /dashboard/me/bookings: the member's bookings, waitlist places and offers (upcoming first; past ones on request),
 * each with cancel — and confirm, for a place offered inside the late-cancel window. A promotion, an offer or a
 * cancelled class shows at once through its pushed notification (useLiveScheduling); the list is also read again while
 * visible (every 30 s, every 4 s while the socket is down).
 */
export function MyBookingsPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('scheduling:mine.title'));
  const user = useUser();
  const pastId = useId();
  const [past, setPast] = useState(false);
  const { live } = useLiveScheduling();
  const bookings = useMyBookings(past, live);
  const now = new Date(useNow(30_000));
  const zoneOf = (locationId: string) => user.locations.find((l) => l._id === locationId)?.timezone ?? 'Asia/Kolkata';

  return (
    <div className="page sched-page">
      <PageHeader
        title={t('scheduling:mine.title')}
        subtitle={t('scheduling:mine.subtitle')}
        actions={
          <Link to="/dashboard/me/classes" className="btn btn--primary">
            {t('scheduling:mine.findClass')}
          </Link>
        }
      />
      <label className="sched-check" htmlFor={pastId}>
        <input id={pastId} type="checkbox" checked={past} onChange={(e) => setPast(e.target.checked)} />
        {t('scheduling:mine.showPast')}
      </label>
      <QueryView query={bookings} loading={t('scheduling:common.loading')} errorTitle={t('scheduling:common.loadError')}>
        {(list) =>
          list.length === 0 ? (
            <div className="card">
              <EmptyState
                icon={<CalendarCheckIcon size={28} />}
                title={t('scheduling:mine.empty')}
                hint={t('scheduling:mine.emptyHint')}
                action={
                  <Link to="/dashboard/me/classes" className="btn btn--secondary">
                    {t('scheduling:mine.findClass')}
                  </Link>
                }
              />
            </div>
          ) : (
            <ul className="sched-offers" data-testid="my-bookings">
              {list.map(({ booking, class: c }) => {
                const timeZone = zoneOf(c.locationId);
                const times = classTimes(c, timeZone);
                return (
                  <li
                    key={`${c.id}-${booking.status}`}
                    className="card sched-offer"
                    style={{ '--class-colour': c.colour } as CSSProperties}
                    data-testid="my-booking"
                  >
                    <article aria-labelledby={`mine-${c.id}`}>
                      <p className="sched-offer__time">
                        {dayLabel(c.localDate, i18n.language, { long: true })} · {t('scheduling:common.time', times)}
                      </p>
                      <h2 className="sched-offer__name" id={`mine-${c.id}`}>
                        {c.className}
                      </h2>
                      <p className="sched-muted">
                        {t(`scheduling:category.${c.category}`)}
                        {c.trainerName ? ` · ${t('scheduling:common.trainer', { name: c.trainerName })}` : ''}
                        {c.room ? ` · ${t('scheduling:common.room', { room: c.room })}` : ''}
                        {c.status === 'cancelled' ? ` · ${t('scheduling:common.cancelled')}` : ''}
                        {booking.late ? ` · ${t('scheduling:mine.late')}` : ''}
                      </p>
                      <PlaceActions
                        classId={c.id}
                        className={c.className}
                        place={booking}
                        full={c.booked >= c.capacity}
                        bookable={isBookable(c, now)}
                        timeZone={timeZone}
                        label={t('scheduling:book.bookingFor', { name: c.className, date: dayLabel(c.localDate, i18n.language), time: times.start })}
                      />
                    </article>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryView>
      <CalendarLink />
    </div>
  );
}
