import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { PageHeader } from '../../../components/page-header';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { useEvents } from '../api/events-api';
import { EventCard } from '../components/event-card';
import { EventFormModal } from '../components/event-form-modal';
import { LocationPicker } from '../components/location-picker';
import { QueryView } from '../components/scheduling-states';
import { StaffNav } from '../components/staff-nav';
import { useScheduleLocation } from '../lib/use-schedule-location';
import '../scheduling.css';

/** /dashboard/classes/events: a location's events for staff (owners and admins publish; trainers see and tick attendees). */
export function EventsPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('scheduling:events.title'));
  const user = useUser();
  const manager = user.role === 'owner' || user.role === 'admin';
  const { locationId } = useScheduleLocation();
  const pastId = useId();
  const [past, setPast] = useState(false);
  const [creating, setCreating] = useState(false);
  const events = useEvents(locationId, past);
  const placeName = (id: string) => user.locations.find((l) => l._id === id)?.name ?? '';
  const today = new Date().toISOString().slice(0, 10);

  return (
    <div className="page sched-page">
      <PageHeader
        title={t('scheduling:events.title')}
        subtitle={t('scheduling:events.subtitle')}
        actions={
          manager && locationId ? (
            <button type="button" className="btn btn--primary" onClick={() => setCreating(true)} data-testid="new-event">
              {t('scheduling:events.new')}
            </button>
          ) : undefined
        }
      />
      {manager ? <StaffNav /> : null}
      <div className="sched-toolbar">
        <LocationPicker />
        <label className="sched-check" htmlFor={pastId}>
          <input id={pastId} type="checkbox" checked={past} onChange={(e) => setPast(e.target.checked)} />
          {t('scheduling:events.showPast')}
        </label>
      </div>
      <QueryView query={events} loading={t('scheduling:events.loading')} errorTitle={t('scheduling:events.loadError')}>
        {(list) =>
          list.length === 0 ? (
            <div className="card">
              <EmptyState icon={<CalendarCheckIcon size={28} />} title={t('scheduling:events.empty')} hint={t('scheduling:events.emptyHint')} />
            </div>
          ) : (
            <ul className="sched-offers" data-testid="events">
              {list.map((e) => (
                <li key={e.id}>
                  <EventCard event={e} place={placeName(e.locationId)} title={<Link to={`/dashboard/classes/events/${e.id}`}>{e.title}</Link>} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      {manager && locationId ? <EventFormModal open={creating} onClose={() => setCreating(false)} locationId={locationId} defaultDate={today} /> : null}
    </div>
  );
}
