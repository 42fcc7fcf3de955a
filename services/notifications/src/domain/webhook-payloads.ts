import {
  AttendanceEvents,
  EnquiriesEvents,
  FeedbackEvents,
  MemberEvents,
  PaymentEvents,
  SaleCompleted,
  SchedulingEvents,
  type AnyEventDefinition,
  type EventDataOf,
  type EventEnvelope,
  type WebhookEventType,
  type WebhookPayload,
} from '@akhada/contracts';

/**
 * Internal integration event → the public webhook payloads it makes (contracts/src/webhooks.ts): each mapper copies
 * only the fields the public schema names, so a field added to an internal event never leaks out by itself. One event
 * makes one webhook, except a closed class (one `booking.attended` per member who came) and a cancelled one-off event
 * (one `event_ticket.cancelled` per ticket holder): `key` tells them apart, and the consumer derives a stable event id
 * from the event's id and the key.
 */
export interface WebhookOut<K extends WebhookEventType = WebhookEventType> {
  type: K;
  data: WebhookPayload<K>;
  /** null: the location the envelope names. */
  locationId: string | null;
  /** Set when one event makes several webhooks of the same kind. */
  key?: string;
}

const out = <K extends WebhookEventType>(type: K, data: WebhookPayload<K>, locationId: string | null = null, key?: string): WebhookOut[] => [
  { type, data, locationId, ...(key !== undefined ? { key } : {}) } as WebhookOut,
];

const payment = (d: EventDataOf<typeof PaymentEvents.PaymentUpdated>) => ({
  paymentId: d.paymentId,
  locationId: d.locationId,
  category: d.category,
  type: d.type,
  status: d.status,
  memberId: d.memberId,
  memberName: d.memberName,
  trainerId: d.trainerId,
  amountPaise: d.amountPaise,
  gstPaise: d.gstPaise,
  totalPaise: d.totalPaise,
  refundedPaise: d.refundedPaise,
  method: d.method,
  description: d.description,
  membershipPeriod: d.membershipPeriod,
  dueDate: d.dueDate,
});

/** An event ticket's public part: the event as it is now and the holder (the online link stays inside). */
const ticket = (d: EventDataOf<typeof SchedulingEvents.EventPublished>, memberId: string) => ({
  eventId: d.eventId,
  locationId: d.locationId,
  memberId,
  title: d.title,
  kind: d.kind,
  startsAt: d.startsAt,
  endsAt: d.endsAt,
  online: d.onlineUrl !== null,
  pricePaise: d.pricePaise,
});

type Mapper = (env: EventEnvelope<never>) => WebhookOut[];
const mapper = <D extends AnyEventDefinition>(_def: D, fn: (env: EventEnvelope<EventDataOf<D>>) => WebhookOut[]): Mapper => fn as Mapper;

/** Which internal event makes which webhooks: the only place the two name sets meet. */
export const WEBHOOK_SOURCES: Record<string, Mapper> = {
  [MemberEvents.MemberRegistered.type]: mapper(MemberEvents.MemberRegistered, ({ data: d }) =>
    out('member.registered', {
      memberId: d.memberId,
      locationId: d.locationId,
      firstName: d.firstName,
      lastName: d.lastName,
      email: d.email,
      phone: d.phone,
      membershipType: d.membershipType,
      paymentFrequency: d.paymentFrequency,
      feePaise: d.feePaise,
      startDate: d.startDate,
      endDate: d.endDate,
      leadId: d.enquiryId ?? null,
      acquisitionSource: d.acquisitionSource ?? null,
      dateOfBirth: d.dateOfBirth ?? null,
      gender: d.gender ?? null,
    }),
  ),
  [MemberEvents.MembershipRenewed.type]: mapper(MemberEvents.MembershipRenewed, ({ data: d }) =>
    out('member.renewed', {
      memberId: d.memberId,
      locationId: d.locationId,
      termNo: d.term.termNo,
      membershipType: d.term.membershipType,
      paymentFrequency: d.term.paymentFrequency,
      feePaise: d.term.feePaise,
      paymentMethod: d.term.paymentMethod,
      startDate: d.term.startDate,
      endDate: d.term.endDate,
      renewedAt: d.renewedAt,
      paymentId: d.paymentId ?? null,
    }),
  ),
  [MemberEvents.MembershipFrozen.type]: mapper(MemberEvents.MembershipFrozen, ({ data: d }) =>
    out('member.frozen', { memberId: d.memberId, frozenFrom: d.frozenFrom, reason: d.reason }),
  ),
  [MemberEvents.MembershipExpired.type]: mapper(MemberEvents.MembershipExpired, ({ data: d }) =>
    out('member.expired', { memberId: d.memberId, endDate: d.endDate }),
  ),
  [MemberEvents.MemberArchived.type]: mapper(MemberEvents.MemberArchived, ({ data: d }) => out('member.archived', { memberId: d.memberId })),
  [AttendanceEvents.CheckedIn.type]: mapper(AttendanceEvents.CheckedIn, ({ data: d }) =>
    out(
      'checkin.created',
      {
        attendanceId: d.attendanceId,
        memberId: d.memberId,
        type: d.type,
        locationId: d.locationId,
        firstName: d.firstName,
        lastName: d.lastName,
        trainerId: d.trainerId,
        workoutType: d.workoutType,
        checkInMethod: d.checkInMethod,
        checkInTime: d.checkInTime,
      },
      d.locationId,
    ),
  ),
  [AttendanceEvents.CheckedOut.type]: mapper(AttendanceEvents.CheckedOut, ({ data: d }) =>
    out(
      'checkout.created',
      {
        attendanceId: d.attendanceId,
        memberId: d.memberId,
        type: d.type,
        locationId: d.locationId,
        firstName: d.firstName,
        lastName: d.lastName,
        checkInTime: d.checkInTime,
        checkOutTime: d.checkOutTime,
        durationMinutes: d.durationMinutes,
        checkOutMethod: d.checkOutMethod,
        autoClosed: d.autoClosed,
      },
      d.locationId,
    ),
  ),
  [PaymentEvents.PaymentCompleted.type]: mapper(PaymentEvents.PaymentCompleted, ({ data: d }) =>
    out('payment.completed', { ...payment(d), paidAt: d.paidAt, completedVia: d.completedVia, razorpayPaymentId: d.razorpayPaymentId }, d.locationId),
  ),
  [PaymentEvents.PaymentFailed.type]: mapper(PaymentEvents.PaymentFailed, ({ data: d }) =>
    out('payment.failed', { ...payment(d), reason: d.reason, razorpayPaymentId: d.razorpayPaymentId }, d.locationId),
  ),
  [PaymentEvents.PaymentRefunded.type]: mapper(PaymentEvents.PaymentRefunded, ({ data: d }) =>
    out(
      'payment.refunded',
      { ...payment(d), refundId: d.refundId, refundPaise: d.refundPaise, fully: d.fully, reason: d.reason, refundedAt: d.refundedAt },
      d.locationId,
    ),
  ),
  [PaymentEvents.InvoiceIssued.type]: mapper(PaymentEvents.InvoiceIssued, ({ data: d }) =>
    out(
      'invoice.issued',
      {
        invoiceId: d.invoiceId,
        kind: d.kind,
        number: d.number,
        issueDate: d.issueDate,
        financialYear: d.financialYear,
        gstin: d.gstin,
        paymentId: d.paymentId,
        memberId: d.memberId,
        locationId: d.locationId,
        taxablePaise: d.taxablePaise,
        cgstPaise: d.cgstPaise,
        sgstPaise: d.sgstPaise,
        igstPaise: d.igstPaise,
        totalPaise: d.totalPaise,
      },
      d.locationId,
    ),
  ),
  [SaleCompleted.type]: mapper(SaleCompleted, ({ data: d }) =>
    out(
      'sale.completed',
      { saleId: d.saleId, locationId: d.locationId, buyer: d.buyer, lines: d.lines, paymentMethod: d.paymentMethod, totals: d.totals, soldAt: d.occurredAt },
      d.locationId,
    ),
  ),
  [SchedulingEvents.ClassBooked.type]: mapper(SchedulingEvents.ClassBooked, ({ data: d }) =>
    out('booking.created', { bookingType: 'class', classId: d.classId, memberId: d.memberId }),
  ),
  [SchedulingEvents.BookingCancelled.type]: mapper(SchedulingEvents.BookingCancelled, ({ data: d }) =>
    // Giving up a waitlist place or an offer is not a booking cancelled.
    d.from === 'booked' ? out('booking.cancelled', { bookingType: 'class', classId: d.classId, memberId: d.memberId, late: d.late }) : [],
  ),
  [SchedulingEvents.ClassClosed.type]: mapper(SchedulingEvents.ClassClosed, ({ data: d }) =>
    d.attendedMemberIds.flatMap((memberId) => out('booking.attended', { bookingType: 'class', classId: d.classId, memberId }, null, memberId)),
  ),
  [SchedulingEvents.AppointmentBooked.type]: mapper(SchedulingEvents.AppointmentBooked, ({ data: d }) =>
    out(
      'booking.created',
      { bookingType: 'appointment', appointmentId: d.appointmentId, memberId: d.memberId, trainerId: d.trainerId, startsAt: d.startsAt, endsAt: d.endsAt },
      d.locationId,
    ),
  ),
  [SchedulingEvents.AppointmentCancelled.type]: mapper(SchedulingEvents.AppointmentCancelled, ({ data: d }) =>
    out(
      'booking.cancelled',
      {
        bookingType: 'appointment',
        appointmentId: d.appointmentId,
        memberId: d.memberId,
        trainerId: d.trainerId,
        startsAt: d.startsAt,
        endsAt: d.endsAt,
        late: d.late,
      },
      d.locationId,
    ),
  ),
  [SchedulingEvents.AppointmentAttended.type]: mapper(SchedulingEvents.AppointmentAttended, ({ data: d }) =>
    out(
      'booking.attended',
      { bookingType: 'appointment', appointmentId: d.appointmentId, memberId: d.memberId, trainerId: d.trainerId, startsAt: d.startsAt, endsAt: d.endsAt },
      d.locationId,
    ),
  ),
  [SchedulingEvents.TicketConfirmed.type]: mapper(SchedulingEvents.TicketConfirmed, ({ data: d }) =>
    out('event_ticket.booked', ticket(d, d.memberId), d.locationId),
  ),
  [SchedulingEvents.TicketCancelled.type]: mapper(SchedulingEvents.TicketCancelled, ({ data: d }) =>
    // A paid ticket given up or lapsed before its payment was never booked (no event_ticket.booked went out): nothing to cancel.
    d.lapsed || d.pending === true ? [] : out('event_ticket.cancelled', { ...ticket(d, d.memberId), reason: 'given_up', refund: d.refund }, d.locationId),
  ),
  [SchedulingEvents.EventCancelled.type]: mapper(SchedulingEvents.EventCancelled, ({ data: d }) =>
    d.ticketHolderIds
      .filter((memberId) => !d.pendingHolderIds?.includes(memberId))
      .flatMap((memberId) =>
        out(
          'event_ticket.cancelled',
          { ...ticket(d, memberId), reason: 'event_cancelled', refund: d.refundMemberIds.includes(memberId) },
          d.locationId,
          memberId,
        ),
      ),
  ),
  [SchedulingEvents.TicketAttended.type]: mapper(SchedulingEvents.TicketAttended, ({ data: d }) =>
    out('event_ticket.attended', { eventId: d.eventId, memberId: d.memberId }),
  ),
  [EnquiriesEvents.LeadCaptured.type]: mapper(EnquiriesEvents.LeadCaptured, ({ data: d }) =>
    out(
      'lead.created',
      {
        leadId: d.leadId,
        locationId: d.locationId,
        name: d.name,
        phone: d.phone,
        email: d.email ?? null,
        interest: d.interest,
        source: d.source,
        stage: d.stage,
        viaPublicForm: d.viaPublicForm,
      },
      d.locationId,
    ),
  ),
  [EnquiriesEvents.LeadJoined.type]: mapper(EnquiriesEvents.LeadJoined, ({ data: d }) =>
    out('lead.converted', { leadId: d.leadId, locationId: d.locationId, memberId: d.memberId }, d.locationId),
  ),
  [FeedbackEvents.FeedbackSubmitted.type]: mapper(FeedbackEvents.FeedbackSubmitted, ({ data: d }) =>
    out(
      'feedback.submitted',
      {
        feedbackId: d.feedbackId,
        locationId: d.locationId,
        type: d.type,
        rating: d.rating,
        title: d.title,
        complaintCategory: d.complaintCategory,
        priority: d.priority,
        isAnonymous: d.isAnonymous,
        memberId: d.memberId,
        memberName: d.memberName,
        trainerId: d.trainerId,
        submittedAt: d.submittedAt,
      },
      d.locationId,
    ),
  ),
};

/** The webhooks an internal event makes (none for a type no webhook follows). */
export const webhooksOf = (env: EventEnvelope<unknown>): WebhookOut[] => WEBHOOK_SOURCES[env.type]?.(env as EventEnvelope<never>) ?? [];
