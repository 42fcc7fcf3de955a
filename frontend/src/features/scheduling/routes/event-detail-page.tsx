import type { Attendee, GymEvent } from '@akhada/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toast';
import { isNotFoundError } from '../../../lib/api-error';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useAttendees, useEvent, useMarkEventAttended } from '../api/events-api';
import { CancelEventModal } from '../components/cancel-event-modal';
import { EventCard, TicketBadge } from '../components/event-card';
import { EventFormModal } from '../components/event-form-modal';
import { QueryView } from '../components/scheduling-states';
import { priceText } from '../lib/event-text';
import '../scheduling.css';

/** /dashboard/classes/events/:id: one event for staff — its facts, attendees with check-in ticks; managers change or cancel it. */
export function EventDetailPage() {
  const { t } = useTranslation(ALL_NS);
  const { id = '' } = useParams();
  const user = useUser();
  const manager = user.role === 'owner' || user.role === 'admin';
  const event = useEvent(id);
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  useDocumentTitle(event.data?.title ?? t('scheduling:events.title'));

  return (
    <div className="page sched-page">
      <Link to="/dashboard/classes/events" className="back-link">
        {t('scheduling:events.back')}
      </Link>
      {event.isError && isNotFoundError(event.error) ? (
        <div className="card">
          <EmptyState title={t('scheduling:events.loadError')} />
        </div>
      ) : (
        <QueryView query={event} loading={t('scheduling:events.loading')} errorTitle={t('scheduling:events.loadError')}>
          {(e) => {
            const open = e.status === 'published' && Date.parse(e.startsAt) > Date.now();
            return (
              <>
                <PageHeader
                  title={e.title}
                  subtitle={e.timeZone}
                  actions={
                    manager && open ? (
                      <>
                        <button type="button" className="btn btn--secondary" onClick={() => setEditing(true)} data-testid="edit-event">
                          {t('scheduling:events.detail.edit')}
                        </button>
                        <button type="button" className="btn btn--secondary sched-danger" onClick={() => setCancelling(true)} data-testid="cancel-event">
                          {t('scheduling:events.detail.cancelEvent')}
                        </button>
                      </>
                    ) : undefined
                  }
                />
                {e.status === 'cancelled' && e.cancelReason ? (
                  <Alert tone="warning">{t('scheduling:events.detail.cancelReason', { reason: e.cancelReason })}</Alert>
                ) : null}
                <EventCard event={e} place={user.locations.find((l) => l._id === e.locationId)?.name ?? ''} title={e.title}>
                  {e.description ? <p className="sched-note">{e.description}</p> : null}
                  {e.onlineUrl ? (
                    <p>
                      <a href={e.onlineUrl} target="_blank" rel="noreferrer noopener">
                        {t('scheduling:events.joinLink')}
                      </a>
                    </p>
                  ) : null}
                </EventCard>
                <div className="card sched-card">
                  <Attendees event={e} />
                </div>
                {manager ? (
                  <>
                    <EventFormModal open={editing} onClose={() => setEditing(false)} locationId={e.locationId} defaultDate={e.localDate} event={e} />
                    <CancelEventModal open={cancelling} onClose={() => setCancelling(false)} event={e} />
                  </>
                ) : null}
              </>
            );
          }}
        </QueryView>
      )}
    </div>
  );
}

/** The ticket holders, with the check-in tick (staff and trainers); a QR check-in during the event ticks it too. */
function Attendees({ event }: { event: GymEvent }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const list = useAttendees(event.id);
  const mark = useMarkEventAttended();
  const [failure, setFailure] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const onMark = (a: Attendee) =>
    mark.mutate(
      { id: event.id, memberId: a.memberId },
      {
        onSuccess: () => {
          setFailure(null);
          const text = `${a.name}: ${t('scheduling:events.detail.ticked')}`;
          setSaid(text);
          toast.success(text);
          heading.current?.focus();
        },
        onError: (err) => setFailure(describe(err, { fallback: t('scheduling:events.detail.actionFailed') })),
      },
    );
  return (
    <section aria-labelledby={`attendees-${event.id}`} className="sched-roster">
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <h2 className="card__title sched-roster__title" id={`attendees-${event.id}`} tabIndex={-1} ref={heading}>
        {t('scheduling:events.detail.attendees')} ({event.taken}/{event.capacity})
      </h2>
      {failure ? (
        <Alert tone="error" testId="attendees-error">
          {failure}
        </Alert>
      ) : null}
      <QueryView query={list} loading={t('scheduling:events.loading')} errorTitle={t('scheduling:events.loadError')}>
        {(attendees) =>
          attendees.length === 0 ? (
            <p className="sched-muted">{t('scheduling:events.detail.noAttendees')}</p>
          ) : (
            <ul className="sched-people" data-testid="attendees">
              {attendees.map((a) => (
                <li key={a.memberId} className="sched-person" data-testid="attendee">
                  <span className="sched-person__name">{a.name}</span>
                  <TicketBadge ticket={a} />
                  {a.pricePaise > 0 && a.status !== 'pending' ? (
                    <span className="sched-muted">{t('scheduling:events.detail.paid', { price: priceText(a.pricePaise) })}</span>
                  ) : null}
                  <span className="sched-person__actions">
                    {event.status !== 'cancelled' && a.status === 'confirmed' ? (
                      <button
                        type="button"
                        className="btn btn--secondary btn--sm"
                        onClick={() => onMark(a)}
                        disabled={mark.isPending}
                        aria-label={t('scheduling:events.detail.markAttended', { name: a.name })}
                        data-testid="tick-attendee"
                      >
                        {t('scheduling:events.detail.tick')}
                      </button>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <p className="sched-muted sched-note">{t('scheduling:events.detail.checkInHint')}</p>
    </section>
  );
}
