import { z } from 'zod';
import {
  ComplaintCategory,
  FeedbackPriority,
  FeedbackType,
  Gender,
  MembershipType,
  PaymentCategory,
  PaymentFrequency,
  PaymentMethod,
  PaymentStatus,
  WorkoutType,
} from './enums.ts';
import type { EventDefinition } from './envelope.ts';
import { SaleBuyer, SaleLine, SaleTotals } from './events/inventory-sale.ts';
import { AttendanceType, CheckInMethod, CheckOutMethod } from './http/attendance.ts';
import { PaymentType } from './http/payments.ts';

/**
 * Outgoing webhooks: the public catalogue of what a gym's own systems can be told (Settings → Integrations), one entry
 * per kind with its stable public name, the version of its payload and the payload's schema. The payloads are built
 * by notifications from the internal integration events (services/notifications/src/domain/webhook-payloads.ts) and
 * carry only what the organization itself may know: no internal ids of other services' bookkeeping (source keys,
 * Razorpay order ids, who rang a sale up), nothing of another organization. Money is integer paise (`…Paise`), times
 * ISO-8601 UTC. A change to a payload is additive; a breaking one becomes a new version of that kind.
 *
 * Every delivery is a POST of `WebhookBody` as JSON, signed with
 * `Akhada-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>`.
 */

const Instant = z.iso.datetime({ offset: true });
const Day = z.iso.date();
const Id = z.uuid();

// ── members ──────────────────────────────────────────────────────────────────────────────────────────────────────────
const MemberJoinedV1 = z.object({
  memberId: Id,
  locationId: Id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  membershipType: MembershipType,
  paymentFrequency: PaymentFrequency,
  feePaise: z.number().int().min(0),
  startDate: Day,
  endDate: Day,
  /** The lead this member was converted from, if any. */
  leadId: Id.nullable(),
  acquisitionSource: z.string().nullable(),
  dateOfBirth: Day.nullable(),
  gender: Gender.nullable(),
});
const MemberRenewedV1 = z.object({
  memberId: Id,
  locationId: Id,
  termNo: z.number().int().min(1),
  membershipType: MembershipType,
  paymentFrequency: PaymentFrequency,
  feePaise: z.number().int().min(0),
  paymentMethod: PaymentMethod.nullable(),
  startDate: Day,
  endDate: Day,
  renewedAt: Instant,
  /** The payment the term was bought with, when it came from one. */
  paymentId: Id.nullable(),
});
const MemberFrozenV1 = z.object({ memberId: Id, frozenFrom: Day, reason: z.string().nullable() });
const MemberExpiredV1 = z.object({ memberId: Id, endDate: Day });
const MemberArchivedV1 = z.object({ memberId: Id });

// ── attendance ───────────────────────────────────────────────────────────────────────────────────────────────────────
const CheckInV1 = z.object({
  attendanceId: Id,
  /** The member (type member) or the trainer (type trainer). */
  memberId: Id,
  type: AttendanceType,
  locationId: Id,
  firstName: z.string(),
  lastName: z.string(),
  trainerId: Id.nullable(),
  workoutType: WorkoutType,
  checkInMethod: CheckInMethod,
  checkInTime: Instant,
});
const CheckOutV1 = z.object({
  attendanceId: Id,
  memberId: Id,
  type: AttendanceType,
  locationId: Id,
  firstName: z.string(),
  lastName: z.string(),
  checkInTime: Instant,
  checkOutTime: Instant,
  durationMinutes: z.number().int().min(0),
  checkOutMethod: CheckOutMethod,
  /** Closed by the gym's closing time, not by a check-out. */
  autoClosed: z.boolean(),
});

// ── payments ─────────────────────────────────────────────────────────────────────────────────────────────────────────
const PaymentV1 = z.object({
  paymentId: Id,
  locationId: Id,
  category: PaymentCategory,
  type: PaymentType,
  status: PaymentStatus,
  memberId: Id.nullable(),
  memberName: z.string(),
  trainerId: Id.nullable(),
  amountPaise: z.number().int().min(0),
  gstPaise: z.number().int().min(0),
  totalPaise: z.number().int().min(0),
  refundedPaise: z.number().int().min(0),
  method: PaymentMethod,
  description: z.string(),
  membershipPeriod: z.object({ startDate: Day, endDate: Day }).nullable(),
  dueDate: Day.nullable(),
});
const PaymentCapturedV1 = PaymentV1.extend({
  paidAt: Instant,
  completedVia: z.enum(['recorded', 'mark_paid', 'online']),
  razorpayPaymentId: z.string().nullable(),
});
const PaymentFailedV1 = PaymentV1.extend({ reason: z.string(), razorpayPaymentId: z.string().nullable() });
const PaymentRefundedV1 = PaymentV1.extend({
  refundId: z.string(),
  /** This refund (of the total, GST included). */
  refundPaise: z.number().int().min(1),
  fully: z.boolean(),
  reason: z.string(),
  refundedAt: Instant,
});
const InvoiceIssuedV1 = z.object({
  invoiceId: Id,
  kind: z.enum(['tax_invoice', 'bill_of_supply', 'receipt']),
  number: z.string(),
  issueDate: Day,
  financialYear: z.string(),
  /** The billing GSTIN; null for a location without one. */
  gstin: z.string().nullable(),
  paymentId: Id,
  memberId: Id.nullable(),
  locationId: Id,
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
});

// ── point of sale ────────────────────────────────────────────────────────────────────────────────────────────────────
const SaleCompletedV1 = z.object({
  saleId: Id,
  locationId: Id,
  buyer: SaleBuyer,
  lines: z.array(SaleLine),
  paymentMethod: PaymentMethod,
  totals: SaleTotals,
  soldAt: Instant,
});

// ── scheduling ───────────────────────────────────────────────────────────────────────────────────────────────────────
/** A place in a class on the timetable, or a personal-training appointment with a trainer. */
const ClassBooking = z.object({ bookingType: z.literal('class'), classId: Id, memberId: Id });
const AppointmentBooking = z.object({
  bookingType: z.literal('appointment'),
  appointmentId: Id,
  memberId: Id,
  trainerId: Id,
  startsAt: Instant,
  endsAt: Instant,
});
const BookingV1 = z.discriminatedUnion('bookingType', [ClassBooking, AppointmentBooking]);
const BookingCancelledV1 = z.discriminatedUnion('bookingType', [ClassBooking.extend({ late: z.boolean() }), AppointmentBooking.extend({ late: z.boolean() })]);
/**
 * A ticket of one of the gym's one-off events (a run, a workshop, an online session): the event as it is now, and the
 * member who holds the ticket. No payment ids (the money is in payment.* and invoice.*), no other attendees.
 */
const EventTicketV1 = z.object({
  eventId: Id,
  locationId: Id,
  memberId: Id,
  title: z.string(),
  /** The gym's own word for the event ("run", "workshop"). */
  kind: z.string(),
  startsAt: Instant,
  endsAt: Instant,
  /** Held online (the link itself is not sent). */
  online: z.boolean(),
  /** The event's ticket price before GST; 0 for a free event. */
  pricePaise: z.number().int().min(0),
});
const EventTicketCancelledV1 = EventTicketV1.extend({
  /** given_up: by the member; event_cancelled: the gym cancelled the event (one webhook per ticket holder). */
  reason: z.enum(['given_up', 'event_cancelled']),
  /** A paid ticket is paid back in full (the refund itself arrives as payment.refunded). */
  refund: z.boolean(),
});
const EventTicketAttendedV1 = z.object({ eventId: Id, memberId: Id });

// ── leads ────────────────────────────────────────────────────────────────────────────────────────────────────────────
const LeadCreatedV1 = z.object({
  leadId: Id,
  locationId: Id,
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  interest: z.string(),
  source: z.string(),
  stage: z.string(),
  viaPublicForm: z.boolean(),
});
const LeadConvertedV1 = z.object({ leadId: Id, locationId: Id, memberId: Id });

// ── feedback ─────────────────────────────────────────────────────────────────────────────────────────────────────────
const FeedbackSubmittedV1 = z.object({
  feedbackId: Id,
  locationId: Id,
  type: FeedbackType,
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  complaintCategory: ComplaintCategory.nullable(),
  priority: FeedbackPriority.nullable(),
  isAnonymous: z.boolean(),
  /** null when anonymous. */
  memberId: Id.nullable(),
  memberName: z.string().nullable(),
  trainerId: Id.nullable(),
  submittedAt: Instant,
});

interface WebhookKind<T extends z.ZodType> {
  version: number;
  /** What happened, for the reference (English; the app's labels live in the locales). */
  summary: string;
  data: T;
}
const kind = <T extends z.ZodType>(version: number, summary: string, data: T): WebhookKind<T> => ({ version, summary, data });

/**
 * Every webhook kind. The first five names predate the catalogue and stay as they are (outside systems subscribe by
 * name): `member.registered` is "member joined", `payment.completed` "payment captured", `checkin.created` "check-in".
 */
export const WEBHOOK_KINDS = {
  'member.registered': kind(1, 'A member joined: staff registered them with their first membership term.', MemberJoinedV1),
  'member.renewed': kind(
    1,
    "A member's membership got a new term (a renewal, or the first plan of a member who signed up with the gym code).",
    MemberRenewedV1,
  ),
  'member.frozen': kind(1, "A member's membership was frozen from a date.", MemberFrozenV1),
  'member.expired': kind(1, "A member's membership ended: its end date passed.", MemberExpiredV1),
  'member.archived': kind(1, 'A member was archived (removed from the lists; history and payments stay).', MemberArchivedV1),
  'checkin.created': kind(1, 'A member (or a trainer) checked in at a location.', CheckInV1),
  'checkout.created': kind(1, 'A visit ended: checked out, or closed at closing time (autoClosed).', CheckOutV1),
  'payment.completed': kind(1, 'A payment was captured: recorded as paid, marked paid or paid online.', PaymentCapturedV1),
  'payment.failed': kind(1, 'An online payment attempt failed; the payment stays pending.', PaymentFailedV1),
  'payment.refunded': kind(1, 'Part or all of a payment was refunded.', PaymentRefundedV1),
  'invoice.issued': kind(1, 'A tax invoice, bill of supply or receipt was issued for a payment.', InvoiceIssuedV1),
  'sale.completed': kind(1, 'A sale at the point of sale (or a member’s own shop order) was completed.', SaleCompletedV1),
  'booking.created': kind(1, 'A member booked a place in a class or a personal-training appointment.', BookingV1),
  'booking.cancelled': kind(1, 'A class place or an appointment was given up (late: inside the late-cancel window).', BookingCancelledV1),
  'booking.attended': kind(1, 'A member attended a booked class (told when the class closes) or appointment.', BookingV1),
  'event_ticket.booked': kind(
    1,
    "A member's ticket for a one-off event is confirmed: at once when free, when its payment is captured when paid.",
    EventTicketV1,
  ),
  'event_ticket.cancelled': kind(
    1,
    'An event ticket was given up by the member, or the gym cancelled the event (one per ticket holder); refund: paid back.',
    EventTicketCancelledV1,
  ),
  'event_ticket.attended': kind(1, 'A ticket holder came to the event (checked in at the location, or ticked on the attendee list).', EventTicketAttendedV1),
  'lead.created': kind(1, 'A new lead (enquiry) was captured at the desk or on the public form.', LeadCreatedV1),
  'lead.converted': kind(1, 'A lead became a member.', LeadConvertedV1),
  'feedback.submitted': kind(1, 'A member submitted feedback or a complaint (anonymous ones carry no member).', FeedbackSubmittedV1),
} as const;

export type WebhookKinds = typeof WEBHOOK_KINDS;
export type WebhookEventTypeName = keyof WebhookKinds;
/** The payload of a webhook kind, as `data` carries it. */
export type WebhookPayload<K extends WebhookEventTypeName> = z.infer<WebhookKinds[K]['data']>;

/** The integration events a webhook may ask for (the product's own names, stable for outside systems). */
export const WebhookEventType = z.enum(Object.keys(WEBHOOK_KINDS) as [WebhookEventTypeName, ...WebhookEventTypeName[]]);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** The JSON every delivery posts (a test delivery's type is `ping`). */
export const WebhookBody = z.object({
  /** Unique per event: the receiver's de-duplication key (a redelivery carries the same id). */
  id: Id,
  type: z.union([WebhookEventType, z.literal('ping')]),
  /** The version of `data`'s schema for this type. */
  version: z.number().int().min(1),
  createdAt: Instant,
  organizationId: Id,
  locationId: Id.nullable(),
  data: z.unknown(),
});
export type WebhookBody = z.infer<typeof WebhookBody>;

/** How a receiver checks a delivery (the reference shows it). */
export const WEBHOOK_SIGNATURE_HEADER = 'Akhada-Signature';

/** Any integration event definition, and the payload type of one (for the mappers from internal events to webhook payloads). */
export type AnyEventDefinition = EventDefinition<string, z.ZodType>;
export type EventDataOf<D extends AnyEventDefinition> = z.infer<D['data']>;
