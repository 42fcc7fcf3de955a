import type { EventTicket, GymEvent, TicketStatus } from '@akhada/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_NS } from '../../../locales/resources';
import { eventWhen, priceText } from '../lib/event-text';

const TICKET_TONE: Record<TicketStatus, string> = {
  pending: 'badge--warning',
  confirmed: 'badge--info',
  attended: 'badge--success',
  cancelled: 'badge--neutral',
  lapsed: 'badge--neutral',
};

export function TicketBadge({ ticket }: { ticket: Pick<EventTicket, 'status'> }) {
  const { t } = useTranslation(ALL_NS);
  return <span className={`badge ${TICKET_TONE[ticket.status]}`}>{t(`scheduling:events.ticketStatus.${ticket.status}`)}</span>;
}

/** An event as a card: kind, when (the location's clock), where (location or online), price, places, and `children` (actions). */
export function EventCard({ event: e, place, title, children }: { event: GymEvent; place: string; title: ReactNode; children?: ReactNode }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const left = Math.max(0, e.capacity - e.taken);
  return (
    <article
      className={`card sched-offer${e.status === 'cancelled' ? ' sched-offer--cancelled' : ''}`}
      aria-labelledby={`event-${e.id}`}
      data-testid="event-card"
    >
      <p className="sched-offer__time">{eventWhen(e, i18n.language, t as unknown as (k: string, v: Record<string, string>) => string)}</p>
      <h2 className="sched-offer__name" id={`event-${e.id}`}>
        {title}
      </h2>
      <p className="sched-muted">
        {t(`scheduling:events.kind.${e.kind}`)} · {e.onlineUrl ? t('scheduling:events.online') : place} ·{' '}
        {e.pricePaise === 0 ? t('scheduling:events.free') : priceText(e.pricePaise)}
        {e.status !== 'published' ? ` · ${t(`scheduling:events.status.${e.status}`)}` : ''}
      </p>
      <p className="sched-offer__spots" data-testid="event-places">
        {e.status === 'published' ? (left === 0 ? t('scheduling:events.full') : t('scheduling:events.placesLeft', { count: left })) : null}
        {e.status === 'published' ? ' · ' : null}
        {t('scheduling:events.places', { taken: e.taken, capacity: e.capacity })}
      </p>
      {children}
    </article>
  );
}
