import type { EventTicket, GymEvent } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { Modal } from '../../../components/modal';
import { PageHeader } from '../../../components/page-header';
import { PayOnlineButton } from '../../../components/pay-online-button';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { useNow } from '../../../lib/use-now';
import { ALL_NS } from '../../../locales/resources';
import { useCancelTicket, useEvents, useMyTickets, useTakeTicket } from '../api/events-api';
import { EventCard, TicketBadge } from '../components/event-card';
import { QueryView } from '../components/scheduling-states';
import { priceText, refundable } from '../lib/event-text';
import { timeIn } from '../lib/week';
import '../scheduling.css';

/**
 * /dashboard/me/events: the member's tickets (with cancel, saying whether the money comes back) and the upcoming events
 * of their gym with a ticket to take. Free tickets are confirmed at once; a paid one holds its place while the member
 * pays it with Razorpay Checkout (the payment payments made for its purchase), and is confirmed once the payment is
 * captured; a cancelled paid ticket shows its refund on its way, then refunded.
 */
export function MemberEventsPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('scheduling:events.title'));
  const user = useUser();
  const tickets = useMyTickets();
  const events = useEvents(null);
  const placeName = (id: string) => user.locations.find((l) => l._id === id)?.name ?? '';
  const [cancelling, setCancelling] = useState<{ ticket: EventTicket; event: GymEvent } | null>(null);

  return (
    <div className="page sched-page">
      <PageHeader title={t('scheduling:events.title')} subtitle={t('scheduling:events.subtitle')} />
      <section aria-labelledby="my-tickets" className="sched-stack">
        <h2 className="card__title" id="my-tickets">
          {t('scheduling:events.member.myTickets')}
        </h2>
        <QueryView query={tickets} loading={t('scheduling:events.loading')} errorTitle={t('scheduling:events.loadError')}>
          {(list) =>
            list.length === 0 ? (
              <p className="sched-muted">{t('scheduling:events.member.noTickets')}</p>
            ) : (
              <ul className="sched-offers" data-testid="my-tickets">
                {list.map(({ ticket, event }) => (
                  <li key={event.id} data-testid="my-ticket">
                    <EventCard event={event} place={placeName(event.locationId)} title={event.title}>
                      <p className="sched-place__status">
                        <TicketBadge ticket={ticket} />
                        {ticket.refund !== 'none' ? ` ${t(`scheduling:events.member.${ticket.refund === 'due' ? 'refundDue' : 'refunded'}`)}` : null}
                      </p>
                      {ticket.status === 'pending' && ticket.holdUntil ? (
                        <p className="sched-muted">{t('scheduling:events.member.pendingUntil', { time: timeIn(ticket.holdUntil, event.timeZone) })}</p>
                      ) : null}
                      {ticket.status === 'pending' && event.status === 'published' ? <PayTicket ticket={ticket} /> : null}
                      {(ticket.status === 'confirmed' || ticket.status === 'pending') && event.status === 'published' ? (
                        <div className="sched-place__actions">
                          <button
                            type="button"
                            className="btn btn--ghost btn--sm"
                            onClick={() => setCancelling({ ticket, event })}
                            aria-label={t('scheduling:events.member.cancelFor', { title: event.title })}
                            data-testid="cancel-ticket"
                          >
                            {t('scheduling:events.member.cancel')}
                          </button>
                        </div>
                      ) : null}
                    </EventCard>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>
      <section aria-labelledby="upcoming-events" className="sched-stack">
        <h2 className="card__title" id="upcoming-events">
          {t('scheduling:events.member.upcoming')}
        </h2>
        <QueryView query={events} loading={t('scheduling:events.loading')} errorTitle={t('scheduling:events.loadError')}>
          {(list) =>
            list.length === 0 ? (
              <div className="card">
                <EmptyState icon={<CalendarCheckIcon size={28} />} title={t('scheduling:events.emptyMember')} hint={t('scheduling:events.emptyMemberHint')} />
              </div>
            ) : (
              <ul className="sched-offers" data-testid="upcoming-events">
                {list.map((e) => (
                  <li key={e.id}>
                    <EventCard event={e} place={placeName(e.locationId)} title={e.title}>
                      {e.description ? <p className="sched-note">{e.description}</p> : null}
                      <TakeTicket event={e} />
                    </EventCard>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>
      {cancelling ? <CancelTicketModal {...cancelling} onClose={() => setCancelling(null)} /> : null}
    </div>
  );
}

/**
 * Pay a pending ticket: Razorpay Checkout for the payment payments made for its purchase (the shared Pay online
 * button, which verifies it on the server). Until payments has made it, a short wait is shown (the tickets are read
 * again every few seconds while one is pending).
 */
function PayTicket({ ticket }: { ticket: EventTicket }) {
  const { t } = useTranslation(ALL_NS);
  if (!ticket.paymentId)
    return (
      <p className="sched-muted" role="status" data-testid="ticket-preparing">
        {t('scheduling:events.member.preparing')}
      </p>
    );
  return (
    <div className="sched-place__actions" data-testid="pay-ticket">
      <PayOnlineButton
        payment={{ _id: ticket.paymentId, status: 'pending' }}
        label={t('scheduling:events.member.payNow', { price: priceText(ticket.pricePaise) })}
        className="btn btn--primary btn--sm"
      />
    </div>
  );
}

/**
 * Take a ticket: free ones at once; a paid one is held while the member pays (My tickets shows Pay now). A refusal
 * (full, already have one) is said in the member's language.
 */
function TakeTicket({ event: e }: { event: GymEvent }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const take = useTakeTicket();
  const [failure, setFailure] = useState<string | null>(null);
  if (e.myTicket)
    return (
      <>
        <TicketBadge ticket={e.myTicket} />
        {e.myTicket.status === 'pending' ? <PayTicket ticket={e.myTicket} /> : null}
      </>
    );
  // Tickets are sold until the event starts.
  if (Date.parse(e.startsAt) <= Date.now()) return null;
  const paid = e.pricePaise > 0;
  const full = e.taken >= e.capacity;
  const onTake = () =>
    take.mutate(e.id, {
      onSuccess: () => {
        setFailure(null);
        toast.success(t(paid ? 'scheduling:events.member.held' : 'scheduling:events.member.taken'));
      },
      onError: (err) => {
        const code = err instanceof ApiError ? err.code : null;
        setFailure(
          code === 'EVENT_FULL' || code === 'ALREADY_HAS_TICKET'
            ? t(`scheduling:events.refusal.${code}`)
            : describe(err, { fallback: t('scheduling:events.refusal.fallback') }),
        );
      },
    });
  return (
    <div className="sched-place__actions">
      {failure ? (
        <Alert tone="error" testId="ticket-refusal">
          {failure}
        </Alert>
      ) : null}
      <button
        type="button"
        className="btn btn--primary btn--sm"
        onClick={onTake}
        disabled={take.isPending || full}
        aria-label={t(paid ? 'scheduling:events.member.buyFor' : 'scheduling:events.member.takeFor', { title: e.title })}
        data-testid="take-ticket"
      >
        {full ? t('scheduling:events.full') : paid ? t('scheduling:events.member.buy', { price: priceText(e.pricePaise) }) : t('scheduling:events.member.take')}
      </button>
    </div>
  );
}

/** Cancel a ticket, saying before the member confirms whether the money comes back (more than 24 hours before: yes). */
function CancelTicketModal({ ticket, event, onClose }: { ticket: EventTicket; event: GymEvent; onClose: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const cancel = useCancelTicket();
  const now = new Date(useNow(30_000));
  const paid = ticket.status === 'confirmed' && ticket.pricePaise > 0;
  const price = priceText(ticket.pricePaise);
  const note = !paid
    ? t('scheduling:events.member.refundFree')
    : refundable(event.startsAt, now)
      ? t('scheduling:events.member.refundYes', { price })
      : t('scheduling:events.member.refundNo', { price });
  const onConfirm = () =>
    cancel.mutate(event.id, {
      onSuccess: (r) => {
        toast.success(r.refunded ? t('scheduling:events.member.cancelledRefund') : t('scheduling:events.member.cancelledNoRefund'));
        onClose();
      },
    });
  return (
    <Modal
      open
      onClose={onClose}
      title={t('scheduling:events.member.cancelTitle')}
      description={event.title}
      testId="cancel-ticket-modal"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            {t('scheduling:events.member.keep')}
          </button>
          <button type="button" className="btn btn--primary sched-danger" onClick={onConfirm} disabled={cancel.isPending} data-testid="cancel-ticket-confirm">
            {t('scheduling:events.member.confirmCancel')}
          </button>
        </>
      }
    >
      {cancel.isError ? <Alert tone="error">{describe(cancel.error, { fallback: t('scheduling:events.detail.actionFailed') })}</Alert> : null}
      <p data-testid="refund-note">{note}</p>
      {paid ? <p className="sched-muted">{t('scheduling:events.member.refundRule')}</p> : null}
    </Modal>
  );
}
