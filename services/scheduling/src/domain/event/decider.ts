import { DomainError, type Decider } from '@akhada/kit/domain';

/**
 * One event (a workshop, a challenge, a run, an open day) at a location or online, and its tickets. Time comes in on the
 * commands; the ticket's hold and the refund window are the event's own rules (below).
 *
 * Invariants: the places held (pending, confirmed and attended tickets) never exceed the capacity; a member holds at
 * most one ticket; a pending ticket holds its place until its hold runs out, then lapses (the next command after that
 * instant lapses it before deciding, so a place is never lost to a hold that ran out); a paid ticket is confirmed only
 * when its payment is captured; a cancelled event refunds every paid ticket; a member's own cancellation is refunded
 * when made more than REFUND_HOURS before the start.
 *
 * A paid ticket is bought through the purchase pipeline (payments): its purchase id comes in on TakeTicket, and every
 * event that gives up an unpaid ticket or owes a paid one's money back says what becomes of its purchase
 * (`purchase: { id, action: 'cancel' | 'refund' }`), so the aggregate's integration events tell payments exactly once.
 */
export const HOLD_MINUTES = 15;
export const REFUND_HOURS = 24;
/** A ticket may be marked attended from this long before the start (people come early). */
export const DOORS_OPEN_MINUTES = 60;

export type EventKind = 'workshop' | 'challenge' | 'run' | 'open_day' | 'other';

export interface EventFacts {
  orgId: string;
  locationId: string;
  title: string;
  description: string;
  kind: EventKind;
  /** Set for an online event. */
  onlineUrl: string | null;
  startsAt: string;
  endsAt: string;
  capacity: number;
  /** Integer paise; 0 = free. */
  pricePaise: number;
}
export type EventEdit = Partial<Pick<EventFacts, 'title' | 'description' | 'kind' | 'onlineUrl' | 'startsAt' | 'endsAt' | 'capacity'>>;

/** A held ticket: pending (paid, awaiting capture), confirmed (free, or paid and captured), attended; a paid one's purchase. */
export type Ticket =
  | { status: 'pending'; holdUntil: string; pricePaise: number; purchaseId?: string }
  | { status: 'confirmed'; paidPaise: number; purchaseId?: string }
  | { status: 'attended'; paidPaise: number; purchaseId?: string };

/** What becomes of a paid ticket's purchase: an unpaid one is cancelled, a paid one refunded (payments does it). */
export interface PurchaseSettlement {
  id: string;
  action: 'cancel' | 'refund';
}

export type EventCommand =
  | { type: 'PublishEvent'; data: EventFacts & { eventId: string; at: string } }
  | { type: 'EditEvent'; data: { changes: EventEdit; at: string } }
  | { type: 'CancelEvent'; data: { reason: string; at: string } }
  | { type: 'EndEvent'; data: { at: string } }
  /** `purchaseId`: the purchase a paid ticket is bought with (the use case makes it; a free ticket has none). */
  | { type: 'TakeTicket'; data: { memberId: string; at: string; purchaseId?: string } }
  | { type: 'CapturePayment'; data: { memberId: string; paymentId: string; amountPaise: number; at: string; purchaseId?: string } }
  /** Payments cancelled the purchase's unpaid payment: its pending ticket gives its place back. */
  | { type: 'ReleaseHold'; data: { memberId: string; purchaseId: string; at: string } }
  | { type: 'LapseHolds'; data: { at: string } }
  | { type: 'CancelTicket'; data: { memberId: string; at: string } }
  | { type: 'MarkAttended'; data: { memberId: string; at: string; by: 'check_in' | 'staff' } };

export interface Refund {
  memberId: string;
  amountPaise: number;
}

export type GymEventEvent =
  | { type: 'EventPublished'; data: EventFacts & { eventId: string; at: string } }
  | { type: 'EventEdited'; data: { eventId: string; changes: EventEdit; at: string } }
  | {
      type: 'EventCancelled';
      data: {
        eventId: string;
        reason: string;
        at: string;
        ticketHolderIds: string[];
        refunds: Refund[];
        /** Pending tickets' purchases cancelled, paid ones' refunded. */
        purchases?: (PurchaseSettlement & { memberId: string })[];
      };
    }
  | { type: 'EventEnded'; data: { eventId: string; at: string; attendedMemberIds: string[]; absentMemberIds: string[] } }
  /** Free: confirmed at once (holdUntil null); paid: pending until the payment is captured or the hold runs out. */
  | { type: 'TicketTaken'; data: { eventId: string; memberId: string; pricePaise: number; holdUntil: string | null; at: string; purchaseId?: string } }
  | { type: 'TicketConfirmed'; data: { eventId: string; memberId: string; paymentId: string; paidPaise: number; at: string; purchaseId?: string } }
  /** A pending ticket's hold ran out (its purchase cancelled), or payments cancelled its payment (no `purchase`). */
  | { type: 'TicketLapsed'; data: { eventId: string; memberId: string; at: string; purchase?: PurchaseSettlement } }
  /** Given up by its holder; `refundPaise` > 0 when the money goes back. */
  | { type: 'TicketCancelled'; data: { eventId: string; memberId: string; refundPaise: number; at: string; purchase?: PurchaseSettlement } }
  | { type: 'TicketAttended'; data: { eventId: string; memberId: string; by: 'check_in' | 'staff'; at: string } }
  /** A payment captured for a ticket that can no longer be had (lapsed and the event full, cancelled, started): paid back. */
  | {
      type: 'PaymentToRefund';
      data: { eventId: string; memberId: string; paymentId: string; amountPaise: number; reason: string; at: string; purchaseId?: string };
    };

export type GymEventState =
  | { status: 'none' }
  | (EventFacts & { status: 'published' | 'cancelled' | 'ended'; eventId: string; cancelReason: string | null; tickets: Record<string, Ticket> });
type Existing = Exclude<GymEventState, { status: 'none' }>;

type Raw<E> = E extends { type: infer T; data: infer D } ? { type: T; data: Omit<D, 'eventId'> } : never;
type RawEvent = Raw<Exclude<GymEventEvent, { type: 'EventPublished' }>>;

export const gymEventStreamId = (eventId: string): string => `event-${eventId}`;

const MINUTE = 60_000;
const HOUR = 3_600_000;
const ms = (iso: string): number => new Date(iso).getTime();

const refuse = (message: string, code: 'CONFLICT' | 'EVENT_FULL' | 'ALREADY_HAS_TICKET' = 'CONFLICT') => new DomainError(code, message, 409);
const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);
const ticketNotFound = () => new DomainError('NOT_FOUND', 'Ticket not found', 404);

const existing = (state: GymEventState): Existing => {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', 'Event not found', 404);
  return state;
};
const published = (state: GymEventState): Existing => {
  const s = existing(state);
  if (s.status === 'cancelled') throw refuse('This event was cancelled.');
  if (s.status === 'ended') throw refuse('This event has ended.');
  return s;
};

/** Places held: pending, confirmed and attended tickets. */
export const placesTaken = (s: Existing): number => Object.keys(s.tickets).length;

const checkFacts = (f: Pick<EventFacts, 'startsAt' | 'endsAt' | 'capacity'>): void => {
  if (!Number.isInteger(f.capacity) || f.capacity < 1 || f.capacity > 5000) throw invalid('Capacity must be a whole number from 1 to 5000');
  if (!(ms(f.endsAt) > ms(f.startsAt))) throw invalid('An event must end after it starts');
  if (ms(f.endsAt) - ms(f.startsAt) > 31 * 24 * HOUR) throw invalid('An event may last at most 31 days');
};

/** Pending tickets whose hold ran out by `at`, in the order they were taken. */
type Lapse = { type: 'TicketLapsed'; data: { memberId: string; at: string; purchase?: PurchaseSettlement } };
const lapses = (s: Existing, at: string): Lapse[] =>
  Object.entries(s.tickets)
    .filter(([, t]) => t.status === 'pending' && ms(t.holdUntil) <= ms(at))
    .map(([memberId, t]) => ({ type: 'TicketLapsed' as const, data: { memberId, at, ...settle(t.purchaseId, 'cancel') } }));

/** `{ purchase }` for a ticket bought through the pipeline; nothing for a free one (or one from before the pipeline). */
const settle = (id: string | undefined, action: PurchaseSettlement['action']): { purchase?: PurchaseSettlement } => (id ? { purchase: { id, action } } : {});

const decideRaw = (command: EventCommand, state: GymEventState): RawEvent[] | [Extract<GymEventEvent, { type: 'EventPublished' }>] => {
  switch (command.type) {
    case 'PublishEvent': {
      if (state.status !== 'none') throw refuse('This event is published already.');
      checkFacts(command.data);
      if (ms(command.data.startsAt) <= ms(command.data.at)) throw invalid('An event must start in the future');
      if (!Number.isInteger(command.data.pricePaise) || command.data.pricePaise < 0) throw invalid('Price must be whole paise, 0 or more');
      return [{ type: 'EventPublished', data: command.data }];
    }
    case 'EditEvent': {
      const s = published(state);
      const { changes, at } = command.data;
      if (ms(at) >= ms(s.startsAt)) throw refuse('An event that has started cannot be changed.');
      const next = { startsAt: changes.startsAt ?? s.startsAt, endsAt: changes.endsAt ?? s.endsAt, capacity: changes.capacity ?? s.capacity };
      checkFacts(next);
      if (changes.startsAt !== undefined && ms(changes.startsAt) <= ms(at)) throw invalid('An event cannot be moved into the past');
      const lapsed = lapses(s, at);
      const held = placesTaken(s) - lapsed.length;
      if (next.capacity < held) throw refuse(`${held} places are taken already: capacity cannot be lower.`);
      return [...lapsed, { type: 'EventEdited', data: { changes, at } }];
    }
    case 'CancelEvent': {
      const s = published(state);
      const { reason, at } = command.data;
      const holders = Object.entries(s.tickets);
      const purchases = holders.flatMap(([memberId, t]): (PurchaseSettlement & { memberId: string })[] => {
        if (!t.purchaseId) return [];
        if (t.status === 'pending') return [{ memberId, id: t.purchaseId, action: 'cancel' }];
        return t.paidPaise > 0 ? [{ memberId, id: t.purchaseId, action: 'refund' }] : [];
      });
      return [
        {
          type: 'EventCancelled',
          data: {
            reason,
            at,
            ticketHolderIds: holders.map(([m]) => m),
            refunds: holders.flatMap(([memberId, t]) => (t.status !== 'pending' && t.paidPaise > 0 ? [{ memberId, amountPaise: t.paidPaise }] : [])),
            ...(purchases.length > 0 ? { purchases } : {}),
          },
        },
      ];
    }
    case 'EndEvent': {
      const s = existing(state);
      if (s.status !== 'published') return [];
      const { at } = command.data;
      if (ms(at) < ms(s.endsAt)) throw refuse('An event ends at its end time.');
      const lapsed = lapses(s, at);
      const gone = new Set(lapsed.map((e) => e.data.memberId));
      const held = Object.entries(s.tickets).filter(([m]) => !gone.has(m));
      return [
        ...lapsed,
        {
          type: 'EventEnded',
          data: {
            at,
            attendedMemberIds: held.filter(([, t]) => t.status === 'attended').map(([m]) => m),
            absentMemberIds: held.filter(([, t]) => t.status === 'confirmed').map(([m]) => m),
          },
        },
      ];
    }
    case 'TakeTicket': {
      const s = published(state);
      const { memberId, at, purchaseId } = command.data;
      if (ms(at) >= ms(s.startsAt)) throw refuse('This event has started: tickets are no longer on sale.');
      const lapsed = lapses(s, at);
      const mine = s.tickets[memberId];
      if (mine && !lapsed.some((e) => e.data.memberId === memberId))
        throw refuse(mine.status === 'pending' ? 'Your ticket is waiting for its payment.' : 'You have a ticket for this event already.', 'ALREADY_HAS_TICKET');
      if (placesTaken(s) - lapsed.length >= s.capacity) throw refuse('This event is full.', 'EVENT_FULL');
      const holdUntil = s.pricePaise === 0 ? null : new Date(ms(at) + HOLD_MINUTES * MINUTE).toISOString();
      const purchase = holdUntil !== null && purchaseId ? { purchaseId } : {};
      return [...lapsed, { type: 'TicketTaken', data: { memberId, pricePaise: s.pricePaise, holdUntil, at, ...purchase } }];
    }
    case 'CapturePayment': {
      const s = existing(state);
      const { memberId, paymentId, amountPaise, at, purchaseId } = command.data;
      const held = s.tickets[memberId];
      // The member's ticket is this purchase's (or from before purchases had ids); one of another purchase is not.
      const ours = !held || !purchaseId || !held.purchaseId || held.purchaseId === purchaseId;
      if (held && held.status !== 'pending' && ours) return []; // a redelivered capture: the ticket is confirmed already
      const p = purchaseId ? { purchaseId } : {};
      const refund = (reason: string): RawEvent[] => [{ type: 'PaymentToRefund', data: { memberId, paymentId, amountPaise, reason, at, ...p } }];
      // A purchase whose hold lapsed, paid late after the member took the ticket again with another purchase.
      if (!ours) return refund('You hold this ticket by another purchase.');
      const mine = held;
      if (s.status === 'cancelled') return refund('The event was cancelled.');
      if (s.status === 'ended' || ms(at) >= ms(s.endsAt)) return refund('The event is over.');
      // Paid in time, or late but a place is still free (its hold lapsed): the ticket is theirs.
      const lapsed = lapses(s, at).filter((e) => e.data.memberId !== memberId);
      const heldByOthers = placesTaken(s) - lapsed.length - (mine ? 1 : 0);
      if (!mine && heldByOthers >= s.capacity) return [...lapsed, ...refund('The ticket’s hold ran out and the event is full.')];
      return [...lapsed, { type: 'TicketConfirmed', data: { memberId, paymentId, paidPaise: amountPaise, at, ...p } }];
    }
    case 'ReleaseHold': {
      const s = existing(state);
      const { memberId, purchaseId, at } = command.data;
      const mine = s.tickets[memberId];
      if (s.status !== 'published' || mine?.status !== 'pending' || mine.purchaseId !== purchaseId) return [];
      return [{ type: 'TicketLapsed', data: { memberId, at } }];
    }
    case 'LapseHolds': {
      const s = existing(state);
      return s.status === 'published' ? lapses(s, command.data.at) : [];
    }
    case 'CancelTicket': {
      const s = published(state);
      const { memberId, at } = command.data;
      const mine = s.tickets[memberId];
      if (!mine) throw ticketNotFound();
      if (ms(at) >= ms(s.startsAt)) throw refuse('This event has started: a ticket can no longer be cancelled.');
      const refundPaise = mine.status !== 'pending' && ms(at) <= ms(s.startsAt) - REFUND_HOURS * HOUR ? mine.paidPaise : 0;
      const purchase = settle(mine.purchaseId, mine.status === 'pending' ? 'cancel' : 'refund');
      return [{ type: 'TicketCancelled', data: { memberId, refundPaise, at, ...(mine.status === 'pending' || refundPaise > 0 ? purchase : {}) } }];
    }
    case 'MarkAttended': {
      const s = existing(state);
      if (s.status === 'cancelled') throw refuse('This event was cancelled.');
      const { memberId, at, by } = command.data;
      const mine = s.tickets[memberId];
      if (!mine) throw ticketNotFound();
      if (mine.status === 'attended') return [];
      if (mine.status === 'pending') throw refuse('This ticket is not paid yet.');
      if (ms(at) < ms(s.startsAt) - DOORS_OPEN_MINUTES * MINUTE) throw refuse('Attendance opens an hour before the event starts.');
      return [{ type: 'TicketAttended', data: { memberId, by, at } }];
    }
  }
};

const without = (tickets: Record<string, Ticket>, memberId: string): Record<string, Ticket> => {
  const { [memberId]: _gone, ...rest } = tickets;
  return rest;
};

const apply = (state: GymEventState, event: RawEvent | GymEventEvent): GymEventState => {
  if (event.type === 'EventPublished') {
    const { at: _at, ...facts } = event.data;
    return { ...facts, eventId: event.data.eventId, status: 'published', cancelReason: null, tickets: {} };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'EventEdited':
      return { ...state, ...event.data.changes };
    case 'EventCancelled':
      return { ...state, status: 'cancelled', cancelReason: event.data.reason };
    case 'EventEnded':
      return { ...state, status: 'ended' };
    case 'TicketTaken': {
      const { memberId, holdUntil, pricePaise, purchaseId } = event.data;
      const p = purchaseId ? { purchaseId } : {};
      const ticket: Ticket = holdUntil === null ? { status: 'confirmed', paidPaise: 0 } : { status: 'pending', holdUntil, pricePaise, ...p };
      return { ...state, tickets: { ...state.tickets, [memberId]: ticket } };
    }
    case 'TicketConfirmed': {
      const purchaseId = event.data.purchaseId ?? state.tickets[event.data.memberId]?.purchaseId;
      const ticket: Ticket = { status: 'confirmed', paidPaise: event.data.paidPaise, ...(purchaseId ? { purchaseId } : {}) };
      return { ...state, tickets: { ...state.tickets, [event.data.memberId]: ticket } };
    }
    case 'TicketLapsed':
    case 'TicketCancelled':
      return { ...state, tickets: without(state.tickets, event.data.memberId) };
    case 'TicketAttended': {
      const t = state.tickets[event.data.memberId];
      if (!t || t.status === 'pending') return state;
      return { ...state, tickets: { ...state.tickets, [event.data.memberId]: { ...t, status: 'attended' } } };
    }
    default:
      return state;
  }
};

export const gymEventDecider: Decider<EventCommand, GymEventEvent, GymEventState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    const eventId = command.type === 'PublishEvent' ? command.data.eventId : state.status === 'none' ? '' : state.eventId;
    return decideRaw(command, state).map((e) => (e.type === 'EventPublished' ? e : ({ ...e, data: { eventId, ...e.data } } as GymEventEvent)));
  },
  evolve: apply,
};
