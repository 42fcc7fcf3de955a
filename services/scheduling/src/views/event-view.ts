import type { EventKind, EventStatus, EventTicket, GymEvent, TicketRefund, TicketStatus } from '@akhada/contracts';
import { dateIn, timeIn } from '@akhada/kit/domain';
import type { EventRow, TicketRow } from '../db/events-repo.ts';

/** A ticket row → the contract's ticket. */
export const toTicket = (row: TicketRow): EventTicket => ({
  eventId: row.event_id,
  memberId: row.member_id,
  status: row.status as TicketStatus,
  pricePaise: row.price_paise,
  holdUntil: row.hold_until?.toISOString() ?? null,
  refund: row.refund as TicketRefund,
  purchaseId: row.purchase_id,
  paymentId: row.payment_id,
  takenAt: row.taken_at.toISOString(),
  attendedAt: row.attended_at?.toISOString() ?? null,
});

/** An event row → the contract's event, its start and end as the location's clocks show them. */
export const toGymEvent = (row: EventRow, timeZone: string, myTicket: TicketRow | null = null): GymEvent => ({
  id: row.id,
  title: row.title,
  description: row.description,
  kind: row.kind as EventKind,
  locationId: row.location_id,
  onlineUrl: row.online_url,
  startsAt: row.starts_at.toISOString(),
  endsAt: row.ends_at.toISOString(),
  timeZone,
  localDate: dateIn(timeZone, row.starts_at),
  localTime: timeIn(timeZone, row.starts_at),
  localEndDate: dateIn(timeZone, row.ends_at),
  localEndTime: timeIn(timeZone, row.ends_at),
  capacity: row.capacity,
  taken: row.taken,
  pricePaise: row.price_paise,
  status: row.status as EventStatus,
  cancelReason: row.cancel_reason,
  myTicket: myTicket ? toTicket(myTicket) : null,
});
