import type { ClassSummary } from '@akhada/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { ChevronDownIcon } from '../../../components/icons/chevron-down';
import { PageHeader } from '../../../components/page-header';
import { isNotFoundError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { ALL_NS } from '../../../locales/resources';
import { useClassDetail, useTimetable, useTrainerMe } from '../api/scheduling-api';
import { ClassRoster } from '../components/class-roster';
import { QueryView } from '../components/scheduling-states';
import { useScheduleLocation } from '../lib/use-schedule-location';
import { classTimes, dateIn } from '../lib/week';
import '../scheduling.css';

/** One of today's classes: its time and occupancy, and its roster (with the attended tick) when opened. */
function TodayClass({ c, timeZone }: { c: ClassSummary; timeZone: string }) {
  const { t } = useTranslation(ALL_NS);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const detail = useClassDetail(c.id, { enabled: open });
  return (
    <li className="card sched-card" data-testid="my-class">
      <h2 className="sched-today__title">
        <button type="button" className="sched-disclosure" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          <span className="sched-offer__time">{t('scheduling:common.time', classTimes(c, timeZone))}</span>
          <span className="sched-offer__name">{c.className}</span>
          <span className="sched-muted">
            {c.status === 'cancelled' ? t('scheduling:common.cancelled') : t('scheduling:common.occupancy', { booked: c.booked, capacity: c.capacity })}
            {c.room ? ` · ${t('scheduling:common.room', { room: c.room })}` : ''}
          </span>
          <ChevronDownIcon size={18} className={open ? 'sched-disclosure__icon--open' : undefined} />
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        {open ? (
          <QueryView query={detail} loading={t('scheduling:detail.loading')} errorTitle={t('scheduling:detail.loadError')}>
            {(d) => (
              <>
                <ClassRoster detail={d} staff={false} />
                <Link to={`/dashboard/classes/${c.id}`} className="link">
                  {t('scheduling:trainer.showRoster', { name: c.className })}
                </Link>
              </>
            )}
          </QueryView>
        ) : null}
      </div>
    </li>
  );
}

/** /dashboard/my-classes: the signed-in trainer's classes today at their location, each with its roster and marks. */
export function MyClassesPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('scheduling:trainer.title'));
  const { locationId, location } = useScheduleLocation();
  const me = useTrainerMe();
  const timetable = useTimetable(locationId && me.data ? { locationId, trainerId: me.data._id } : null);
  const now = new Date(useNow(60_000));
  return (
    <div className="page sched-page">
      <PageHeader
        title={t('scheduling:trainer.title')}
        subtitle={t('scheduling:trainer.subtitle')}
        actions={
          <Link to="/dashboard/classes/events" className="btn btn--secondary" data-testid="trainer-events">
            {t('scheduling:nav.events')}
          </Link>
        }
      />
      {me.isError && isNotFoundError(me.error) ? (
        <div className="card">
          <EmptyState title={t('scheduling:trainer.notTrainer')} />
        </div>
      ) : (
        <QueryView
          query={me.isError ? (me as unknown as typeof timetable) : timetable}
          loading={t('scheduling:common.loading')}
          errorTitle={t('scheduling:common.loadError')}
        >
          {(data) => {
            const timeZone = data.timeZone || location?.timezone || 'Asia/Kolkata';
            const today = dateIn(now, timeZone);
            const classes = data.classes.filter((c) => c.localDate === today).sort((a, b) => a.localTime.localeCompare(b.localTime));
            return (
              <>
                <p className="sched-zone">{t('scheduling:common.timeZone', { zone: timeZone })}</p>
                {classes.length === 0 ? (
                  <div className="card">
                    <EmptyState icon={<CalendarCheckIcon size={28} />} title={t('scheduling:trainer.empty')} hint={t('scheduling:trainer.emptyHint')} />
                  </div>
                ) : (
                  <ul className="sched-offers sched-offers--single">
                    {classes.map((c) => (
                      <TodayClass key={c.id} c={c} timeZone={timeZone} />
                    ))}
                  </ul>
                )}
              </>
            );
          }}
        </QueryView>
      )}
    </div>
  );
}
