import { z } from 'zod';
import { PaymentMethod } from '../enums.ts';
import { defineEvent } from '../envelope.ts';
import { SaleLine, SaleTotals } from './inventory-sale.ts';

/**
 * Integration events of the scheduling service (topic akhada.scheduling.events; aggregate = one class on the
 * timetable, `aggregateId` = its id, the envelope's `locationId` its location). `class_scheduled` and `class_changed`
 * carry what a consumer keeps of a class (name, time, place); the booking events name the class by id. Consumers:
 * notifications (tells a member promoted, offered a place or whose class was cancelled, staff when a class fills, and
 * reminds booked members 2 hours before); to come: dashboard (today's classes with occupancy).
 */
const Instant = z.iso.datetime({ offset: true });

export const ClassScheduled = defineEvent(
  'scheduling.class_scheduled',
  1,
  z.object({
    classId: z.uuid(),
    locationId: z.uuid(),
    classTypeId: z.uuid(),
    className: z.string(),
    seriesId: z.uuid().nullable(),
    startsAt: Instant,
    endsAt: Instant,
    capacity: z.number().int().min(1),
    trainerId: z.uuid().nullable(),
    room: z.string(),
  }),
);
/** Staff changed the time, capacity, trainer or room of one class (only the fields that changed). */
export const ClassChanged = defineEvent(
  'scheduling.class_changed',
  1,
  z.object({
    classId: z.uuid(),
    startsAt: Instant.optional(),
    endsAt: Instant.optional(),
    capacity: z.number().int().min(1).optional(),
    trainerId: z.uuid().nullable().optional(),
    room: z.string().optional(),
  }),
);
/** A member got a place (by themself or by staff). */
export const ClassBooked = defineEvent('scheduling.class_booked', 1, z.object({ classId: z.uuid(), memberId: z.uuid() }));
/** The class was full: the member is on its waitlist at `position` (1 = next). */
export const MemberWaitlisted = defineEvent(
  'scheduling.member_waitlisted',
  1,
  z.object({ classId: z.uuid(), memberId: z.uuid(), position: z.number().int().min(1) }),
);
/** A booking or a waitlist place was given up; `late` when inside the location's late-cancel window. */
export const BookingCancelled = defineEvent(
  'scheduling.booking_cancelled',
  1,
  z.object({ classId: z.uuid(), memberId: z.uuid(), late: z.boolean(), from: z.enum(['booked', 'waitlist', 'offer']) }),
);
/** A waiting member got the freed place (tell them at once). */
export const WaitlistPromoted = defineEvent('scheduling.waitlist_promoted', 1, z.object({ classId: z.uuid(), memberId: z.uuid() }));
/** Inside the late-cancel window a freed place is offered: the member must confirm before `expiresAt`. */
export const PromotionOffered = defineEvent('scheduling.promotion_offered', 1, z.object({ classId: z.uuid(), memberId: z.uuid(), expiresAt: Instant }));
/** The class was taken off the timetable: everyone booked or waiting is told. */
export const ClassCancelled = defineEvent(
  'scheduling.class_cancelled',
  1,
  z.object({ classId: z.uuid(), reason: z.string(), bookedMemberIds: z.array(z.uuid()), waitlistedMemberIds: z.array(z.uuid()) }),
);
/** The last place was taken (tell the location's staff). */
export const ClassFull = defineEvent('scheduling.class_full', 1, z.object({ classId: z.uuid(), capacity: z.number().int().min(1) }));
/** The class ended: who attended and who did not come (no-shows count towards the location's penalty). */
export const ClassClosed = defineEvent(
  'scheduling.class_closed',
  1,
  z.object({ classId: z.uuid(), attendedMemberIds: z.array(z.uuid()), noShowMemberIds: z.array(z.uuid()) }),
);

/**
 * Personal training (aggregate = one appointment, `aggregateId` = its id, the envelope's `locationId` its location).
 * Every appointment event carries the whole appointment as it is after the event, so a consumer keeps no earlier state.
 * Consumers: notifications (tells the member and the trainer), trainers (delivered sessions count in earnings), this
 * service's session packs (an attended appointment, and a late cancel or a no-show where the gym says so, uses a credit).
 */
export const AppointmentFacts = z.object({
  appointmentId: z.uuid(),
  locationId: z.uuid(),
  memberId: z.uuid(),
  trainerId: z.uuid(),
  startsAt: Instant,
  endsAt: Instant,
  /** Who booked it: the member themself, or staff / the trainer for the member. */
  bookedBy: z.uuid(),
});
export type AppointmentFacts = z.infer<typeof AppointmentFacts>;
export const AppointmentBooked = defineEvent('scheduling.appointment_booked', 1, AppointmentFacts);
/** Given up by the member, the trainer or staff; `late` when inside the location's late-cancel window. */
export const AppointmentCancelled = defineEvent('scheduling.appointment_cancelled', 1, AppointmentFacts.extend({ late: z.boolean(), cancelledBy: z.uuid() }));
/** The session took place (the trainer or staff marked it, or the member checked in for it). */
export const AppointmentAttended = defineEvent('scheduling.appointment_attended', 1, AppointmentFacts);
/** The member did not come (marked by hand, or the appointment ended unattended). */
export const AppointmentNoShow = defineEvent('scheduling.appointment_no_show', 1, AppointmentFacts);

/**
 * One-off events (aggregate = one event, `aggregateId` = its id, the envelope's `locationId` its location) and their
 * tickets. Every event fact carries what a consumer shows (title, start, place or link), so notifications keeps no copy.
 * Consumers: notifications (tells ticket holders of a cancellation, a member their confirmed ticket). A paid ticket's
 * money goes through the purchase pipeline below (purchase_requested, purchase_cancelled, purchase_refund_requested).
 */
export const EventFacts = z.object({
  eventId: z.uuid(),
  locationId: z.uuid(),
  title: z.string(),
  kind: z.string(),
  startsAt: Instant,
  endsAt: Instant,
  onlineUrl: z.string().nullable(),
  capacity: z.number().int().min(1),
  pricePaise: z.number().int().min(0),
});
export type EventFacts = z.infer<typeof EventFacts>;
/** Staff published an event: members of the location may take tickets. */
export const EventPublished = defineEvent('scheduling.event_published', 1, EventFacts);
/** Staff changed an event (the whole event as it is now). */
export const EventChanged = defineEvent('scheduling.event_changed', 1, EventFacts);
/** Staff cancelled the event: every holder of a ticket is told; `refundMemberIds` hold paid tickets to refund. */
export const EventCancelled = defineEvent(
  'scheduling.event_cancelled',
  1,
  EventFacts.extend({
    reason: z.string(),
    ticketHolderIds: z.array(z.uuid()),
    refundMemberIds: z.array(z.uuid()),
    /** The holders among them whose paid ticket still awaited its payment (never confirmed); absent on older events. */
    pendingHolderIds: z.array(z.uuid()).optional(),
  }),
);
/** A member's ticket is confirmed (free at once; paid when the payment was captured). */
export const TicketConfirmed = defineEvent('scheduling.ticket_confirmed', 1, EventFacts.extend({ memberId: z.uuid() }));
/** A member gave up their ticket, or a pending one lapsed unpaid (`lapsed`); `refund` when a paid one is paid back. */
export const TicketCancelled = defineEvent(
  'scheduling.ticket_cancelled',
  1,
  /** `pending`: the ticket still awaited its payment, so it was never confirmed (absent on older events). */
  EventFacts.extend({ memberId: z.uuid(), refund: z.boolean(), lapsed: z.boolean(), pending: z.boolean().optional() }),
);
/** The holder came (QR check-in at the location during the event, or the attendee list's tick). */
export const TicketAttended = defineEvent('scheduling.ticket_attended', 1, z.object({ eventId: z.uuid(), memberId: z.uuid() }));

/**
 * The purchase pipeline (scheduling → payments): something a member buys from scheduling — a session pack, an event
 * ticket (aggregate = the purchase, `aggregateId` = purchaseId). Payments answers `scheduling.purchase_requested` with
 * one payment per purchaseId (id purchasePaymentId(org, purchase), category member, source `scheduling`, sourceId the
 * purchaseId): pending for `online` (the member pays it with Razorpay Checkout), completed at once for a desk method;
 * then `payments.purchase_payment_created`. Scheduling learns the money from `payments.payment_completed` and
 * `payments.payment_refunded` whose source is `scheduling` (sourceId = its purchaseId).
 */
export const PurchaseKind = z.enum(['session_pack', 'event_ticket']);
export type PurchaseKind = z.infer<typeof PurchaseKind>;
/** A desk method is recorded as paid at once; `online` waits for the member's Razorpay payment. */
export const PurchaseMethod = z.union([z.literal('online'), PaymentMethod.exclude(['razorpay'])]);
export type PurchaseMethod = z.infer<typeof PurchaseMethod>;
/** SAC of gym and fitness services: every purchase line is a service (a session pack). */
export const PURCHASE_SAC = '999723';
/** SAC of an event ticket's line: admission to a sports and recreational event the gym organises (EVENT_ADMISSION_RATES). */
export const EVENT_TICKET_SAC = '999651';
/** An online purchase not paid within this long is given up (scheduling.purchase_cancelled); a ticket's own hold is shorter. */
export const PURCHASE_HOLD_MINUTES = 30;
export const PurchaseRequested = defineEvent(
  'scheduling.purchase_requested',
  1,
  z.object({
    purchaseId: z.uuid(),
    organizationId: z.uuid(),
    locationId: z.uuid(),
    memberId: z.uuid(),
    memberName: z.string(),
    kind: PurchaseKind,
    /** What the payment and the invoice say ("10 PT sessions", "Ticket: Sunday run"). */
    description: z.string().min(1).max(500),
    /**
     * Service lines (kind service, hsn = PURCHASE_SAC for a pack, EVENT_TICKET_SAC for a ticket), prices before GST in
     * paise; payments' GST rule decides the tax (the gym-service rate for a pack, the event-admission rate for a ticket).
     */
    lines: z.array(SaleLine).min(1),
    totals: SaleTotals,
    method: PurchaseMethod,
    /** The member themself online, or the staff member at the desk. */
    requestedBy: z.uuid(),
    occurredAt: Instant,
  }),
);
/** An unpaid purchase was given up (the member cancelled, a hold lapsed): payments cancels its pending payment. */
export const PurchaseCancelled = defineEvent(
  'scheduling.purchase_cancelled',
  1,
  z.object({ purchaseId: z.uuid(), organizationId: z.uuid(), locationId: z.uuid(), reason: z.string(), occurredAt: Instant }),
);
/**
 * A paid purchase is to be paid back in full (an event cancelled, a ticket given up in time): payments refunds it —
 * through Razorpay when it was paid online, recorded for a desk method — and publishes `payments.payment_refunded`.
 */
export const PurchaseRefundRequested = defineEvent(
  'scheduling.purchase_refund_requested',
  1,
  z.object({
    purchaseId: z.uuid(),
    organizationId: z.uuid(),
    locationId: z.uuid(),
    reason: z.string().min(1),
    requestedBy: z.uuid().nullable(),
    occurredAt: Instant,
  }),
);
