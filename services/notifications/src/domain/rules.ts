import type { NotificationCategory, NotificationPriority, NotificationType } from '@akhada/contracts';

/**
 * The rules from events to notifications, as data: one line per event type. A line says what kind of notification
 * it is (type, preference category, priority), who is told (audiences, each with its own template and action link),
 * and how the event's data fills the templates. The engine (consumers/rules-engine.ts) resolves the audiences to
 * people (by role, location and their preferences) and writes the notifications and their deliveries.
 *
 * Events named `notifications.*` are this service's own reminders, raised by the scheduler (consumers/reminders.ts)
 * with an id derived from what they remind of, so a second sweep raises nothing new.
 */

/**
 * Who a line tells: the owners and the admins running the event's location, the member concerned, their trainer,
 * the people the event names (`recipientId(s)`), or the account the event is about (`userId`: their own sign-in).
 */
export type Audience = 'staff' | 'owners' | 'member' | 'trainer' | 'participant' | 'user';
export type ActionKey = 'view' | 'review' | 'renew' | 'pay' | 'choose_plan' | 'open';

/** What the engine knows when it applies a line: the event's data and, when it names a member, this service's copy of them. */
export interface Facts {
  data: Record<string, unknown>;
  member: { name: string; trainerId: string | null; locationId: string | null } | null;
}

export interface Telling {
  to: Audience;
  /** Template stem: `notifications.<stem>.title` / `.message`. */
  template: string;
  /** The notification's category (words joined by underscores), shown on the page. */
  category: string;
  /** In-app path with `{param}` placeholders filled from the params; null: no action. */
  action: { url: string; key: ActionKey } | null;
  /** This audience is told only when this holds (one event, different words for a special case). */
  when?: (f: Facts) => boolean;
}

export interface RuleLine {
  type: NotificationType;
  preference: NotificationCategory;
  priority: NotificationPriority | ((f: Facts) => NotificationPriority);
  tell: readonly Telling[];
  params: (f: Facts) => Record<string, string>;
  /** Channels used whatever the recipient's channel switches (consent still needed for WhatsApp/SMS). */
  forceChannels?: { email?: boolean; sms?: boolean };
  /** In-app only, whatever the channel switches say (chat: mail per message would be noise). */
  inAppOnly?: true;
  /** A notice the member must get (autopay's pre-debit notice): in the bell whatever the switches; other channels as they say. */
  mandatory?: true;

  /** Only recipients with no open socket on the hub (the live screen tells the others): chat. */
  offlineOnly?: true;
  /**
   * One notification per action link until it is read: a recipient who still has an unread one (same category, same
   * link) gets nothing new (chat: one per conversation, not one per message; reading the conversation reads it).
   */
  coalesce?: true;
  /** Applies only when this holds (a feedback line for complaints only). */
  when?: (f: Facts) => boolean;
}

/** The preference category of a notification type (membership notifications are the system's). */
export const preferenceCategoryOf = (type: NotificationType): NotificationCategory => (type === 'membership' ? 'system' : type);

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const rupees = (paise: unknown): string => (typeof paise === 'number' ? (paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 }) : str(paise));
const memberName = (f: Facts): string => str(f.data.memberName) || f.member?.name || [str(f.data.firstName), str(f.data.lastName)].join(' ').trim();
const MEMBERSHIP_LABELS: Record<string, string> = { basic: 'Basic', premium: 'Premium', vip: 'VIP', annual: 'Annual' };

/** The spec's overdue urgency: Critical above 7 days, Urgent above 3, Overdue above 0. */
export const overdueUrgency = (daysOverdue: number): { label: 'Critical' | 'Urgent' | 'Overdue'; priority: NotificationPriority } | null =>
  daysOverdue > 7
    ? { label: 'Critical', priority: 'urgent' }
    : daysOverdue > 3
      ? { label: 'Urgent', priority: 'high' }
      : daysOverdue > 0
        ? { label: 'Overdue', priority: 'medium' }
        : null;

const memberPage = { url: '/dashboard/members/{memberId}', key: 'view' } as const;
const myPage = { url: '/dashboard/profile', key: 'view' } as const;
const payments = { url: '/dashboard/payments', key: 'view' } as const;
/**
 * A member's own payments page (their autopay card: its state, next charge, cancel; their pending payments with Pay
 * now). Members are sent there, never to staff's /dashboard/payments (the app sends a member who opens that home).
 */
const myPayments = { url: '/dashboard/me/payments', key: 'view' } as const;
const payNow = { url: '/dashboard/me/payments', key: 'pay' } as const;
const myBookings = { url: '/dashboard/me/bookings', key: 'view' } as const;
/** A class's facts as the scheduling consumer adds them to the event (its name, and date and time at its location). */
const classParams = (f: Facts): Record<string, string> => ({
  classId: str(f.data.classId),
  className: str(f.data.className),
  date: str(f.data.date),
  time: str(f.data.time),
});
const myEvents = { url: '/dashboard/me/events', key: 'view' } as const;
/** An event's facts as the scheduling consumer adds them (its title, and date and time at its location). */
const eventParams = (f: Facts): Record<string, string> => ({ title: str(f.data.title), date: str(f.data.date), time: str(f.data.time) });
const mySessions = { url: '/dashboard/me/sessions', key: 'view' } as const;
const myAppointments = { url: '/dashboard/my-appointments', key: 'view' } as const;
/** An appointment's facts as the scheduling consumer adds them (date and time at its location, length) and the member's name. */
const appointmentParams = (f: Facts): Record<string, string> => ({
  name: memberName(f),
  date: str(f.data.date),
  time: str(f.data.time),
  minutes: str(f.data.minutes),
});
/** A payment of money received (category member or other; older events without a category count as received). */
const moneyIn = (f: Facts): boolean => f.data.category === undefined || f.data.category === 'member' || f.data.category === 'other';

export const RULES: Readonly<Record<string, RuleLine>> = {
  'members.membership_renewed': {
    type: 'membership',
    preference: 'system',
    priority: 'low',
    tell: [
      { to: 'staff', template: 'membership_renewed', category: 'membership_renewed', action: memberPage },
      { to: 'member', template: 'membership_renewed_member', category: 'membership_renewed', action: myPage },
    ],
    params: (f) => {
      const term = (f.data.term ?? {}) as Record<string, unknown>;
      return {
        memberId: str(f.data.memberId),
        name: memberName(f),
        membershipType: MEMBERSHIP_LABELS[str(term.membershipType)] ?? str(term.membershipType),
        endDate: str(term.endDate),
      };
    },
  },
  'notifications.membership_expiring': {
    type: 'membership',
    preference: 'payment',
    priority: (f) => (Number(f.data.days) <= 1 ? 'high' : 'medium'),
    // Staff only: the member's own reminder (7 days and 1 day before) is the built-in automation's (consumers/automations.ts).
    tell: [{ to: 'staff', template: 'membership_expiring_staff', category: 'membership_expiring', action: memberPage }],
    params: (f) => ({ memberId: str(f.data.memberId), name: memberName(f), endDate: str(f.data.endDate), days: str(f.data.days) }),
  },
  'members.membership_expired': {
    type: 'membership',
    preference: 'payment',
    priority: 'high',
    tell: [
      { to: 'member', template: 'membership_expired', category: 'membership_expired', action: { url: '/dashboard/profile', key: 'renew' } },
      { to: 'staff', template: 'membership_expired_staff', category: 'membership_expired', action: memberPage },
    ],
    params: (f) => ({ memberId: str(f.data.memberId), name: memberName(f), endDate: str(f.data.endDate) }),
  },
  'notifications.trial_ending': {
    type: 'system',
    preference: 'system',
    priority: (f) => (Number(f.data.days) <= 1 ? 'urgent' : 'high'),
    tell: [{ to: 'owners', template: 'trial_ending', category: 'trial_ending', action: { url: '/dashboard/settings/plan', key: 'choose_plan' } }],
    params: (f) => ({ days: str(f.data.days), date: str(f.data.date) }),
  },
  'notifications.plan_limit_near': {
    type: 'system',
    preference: 'system',
    priority: 'high',
    tell: [{ to: 'owners', template: 'plan_limit_near', category: 'plan_limit_near', action: { url: '/dashboard/settings/plan', key: 'choose_plan' } }],
    params: (f) => ({ count: str(f.data.count), limit: str(f.data.limit) }),
  },
  // Scheduling (classes): the member whose place came through, or who is offered one to confirm; everyone booked or
  // waiting when a class is cancelled; the location's staff when a class fills; the reminder 2 hours before.
  // Classes go under the attendance preference: a member who turns attendance messages off hears of none.
  'scheduling.waitlist_promoted': {
    type: 'attendance',
    preference: 'attendance',
    priority: 'high',
    tell: [{ to: 'member', template: 'class_promoted', category: 'class_booking', action: myBookings }],
    params: classParams,
  },
  'scheduling.promotion_offered': {
    type: 'attendance',
    preference: 'attendance',
    priority: 'urgent',
    tell: [{ to: 'member', template: 'class_offered', category: 'class_booking', action: { url: '/dashboard/me/bookings', key: 'open' } }],
    params: (f) => ({ ...classParams(f), until: str(f.data.until) }),
  },
  'scheduling.class_cancelled': {
    type: 'attendance',
    preference: 'attendance',
    priority: 'high',
    tell: [{ to: 'participant', template: 'class_cancelled', category: 'class_cancelled', action: { url: '/dashboard/me/classes', key: 'open' } }],
    params: (f) => ({ ...classParams(f), reason: str(f.data.reason) }),
  },
  'scheduling.class_full': {
    type: 'attendance',
    preference: 'attendance',
    priority: 'low',
    tell: [{ to: 'staff', template: 'class_full', category: 'class_full', action: { url: '/dashboard/classes/{classId}', key: 'view' } }],
    params: (f) => ({ ...classParams(f), capacity: str(f.data.capacity) }),
  },
  'notifications.class_reminder': {
    type: 'attendance',
    preference: 'attendance',
    priority: 'medium',
    tell: [{ to: 'member', template: 'class_reminder', category: 'class_reminder', action: myBookings }],
    params: classParams,
  },
  // Scheduling (events): everyone with a ticket when an event is cancelled (paid tickets are refunded), and the member
  // whose ticket is confirmed. Under the attendance preference, as classes are.
  'scheduling.event_cancelled': {
    type: 'attendance',
    preference: 'attendance',
    priority: 'high',
    tell: [{ to: 'participant', template: 'event_cancelled', category: 'event_cancelled', action: myEvents }],
    params: (f) => ({ ...eventParams(f), reason: str(f.data.reason) }),
  },
  'scheduling.ticket_confirmed': {
    type: 'attendance',
    preference: 'attendance',
    priority: 'low',
    tell: [{ to: 'member', template: 'ticket_confirmed', category: 'event_ticket', action: myEvents }],
    params: eventParams,
  },
  // Personal training: the member and the trainer of an appointment, each told only when someone else booked or
  // cancelled it (who did it needs no notice). Under the attendance preference, as classes are.
  'scheduling.appointment_booked': {
    type: 'attendance',
    preference: 'attendance',
    priority: 'medium',
    tell: [
      { to: 'member', template: 'appointment_booked', category: 'appointment', action: mySessions, when: (f) => f.data.bookedBy !== f.data.memberId },
      {
        to: 'participant',
        template: 'appointment_booked_trainer',
        category: 'appointment',
        action: myAppointments,
        when: (f) => f.data.bookedBy !== f.data.trainerId,
      },
    ],
    params: appointmentParams,
  },
  'scheduling.appointment_cancelled': {
    type: 'attendance',
    preference: 'attendance',
    priority: 'high',
    tell: [
      { to: 'member', template: 'appointment_cancelled', category: 'appointment', action: mySessions, when: (f) => f.data.cancelledBy !== f.data.memberId },
      {
        to: 'participant',
        template: 'appointment_cancelled_trainer',
        category: 'appointment',
        action: myAppointments,
        when: (f) => f.data.cancelledBy !== f.data.trainerId,
      },
    ],
    params: appointmentParams,
  },
  // Payments (integer paise in events; the message shows rupees).
  // "Payment received" is money coming in (a member's, other income): a trainer's pay or an expense is money going
  // out, recorded by staff themselves, and is not announced as received (it has no payer's name to give either).
  'payments.payment_completed': {
    type: 'payment',
    preference: 'payment',
    priority: 'low',
    when: (f) => moneyIn(f),
    tell: [
      { to: 'staff', template: 'payment_completed', category: 'payment_completed', action: payments },
      { to: 'member', template: 'payment_received_member', category: 'payment_completed', action: myPayments },
    ],
    params: (f) => ({ name: memberName(f), amount: rupees(f.data.totalPaise) }),
  },
  'payments.payment_failed': {
    type: 'payment',
    preference: 'payment',
    priority: 'high',
    tell: [
      { to: 'staff', template: 'payment_failed', category: 'payment_failed', action: payments },
      { to: 'member', template: 'payment_failed_member', category: 'payment_failed', action: payNow },
    ],
    params: (f) => ({ name: memberName(f), amount: rupees(f.data.totalPaise) }),
  },
  // Overdue: raised by the reminder sweep from this service's copy of pending payments, once per urgency step.
  'notifications.payment_overdue': {
    type: 'payment',
    preference: 'payment',
    priority: (f) => overdueUrgency(Number(f.data.daysOverdue))?.priority ?? 'medium',
    tell: [{ to: 'staff', template: 'payment_overdue', category: 'payment_overdue', action: payments }],
    params: (f) => ({
      name: memberName(f),
      amount: rupees(f.data.amountPaise),
      dueDate: str(f.data.dueDate),
      days: str(f.data.daysOverdue),
      urgency: overdueUrgency(Number(f.data.daysOverdue))?.label ?? 'Overdue',
    }),
  },
  'payments.payment_refunded': {
    type: 'payment',
    preference: 'payment',
    priority: 'medium',
    when: (f) => moneyIn(f),
    // Money captured after its shop order expired (afterCancel) is refunded automatically: its own words.
    tell: [
      { to: 'staff', template: 'refund_processed', category: 'refund_processed', action: payments, when: (f) => f.data.afterCancel !== true },
      { to: 'member', template: 'refund_processed_member', category: 'refund_processed', action: null, when: (f) => f.data.afterCancel !== true },
      { to: 'staff', template: 'late_payment_refunded', category: 'refund_processed', action: payments, when: (f) => f.data.afterCancel === true },
      {
        to: 'member',
        template: 'late_payment_refunded_member',
        category: 'refund_processed',
        action: myPayments,
        when: (f) => f.data.afterCancel === true,
      },
    ],
    params: (f) => ({
      name: memberName(f),
      amount: rupees(f.data.refundPaise),
      order: str(f.data.description).replace(/^Order: /, ''),
    }),
  },
  /** How payments "sends a reminder": to the member by email and, with consent, WhatsApp/SMS, with the payment link. */
  'payments.payment_reminder_requested': {
    type: 'payment',
    preference: 'payment',
    priority: 'high',
    tell: [{ to: 'member', template: 'payment_reminder', category: 'payment_reminder', action: payNow }],
    params: (f) => ({
      amount: rupees(f.data.amountPaise),
      dueDate: str(f.data.dueDate) || '—',
      link: str(f.data.paymentLinkUrl) || myPayments.url,
      description: str(f.data.description),
    }),
    forceChannels: { email: true, sms: true },
  },
  // Autopay (issue 28). The pre-debit notice India's rules for recurring payments require: before each charge the
  // member is told the amount, the date (the charge's day in its location's calendar, as payments announces it) and how
  // to cancel, in their language; in the bell always, by email and WhatsApp (the approved utility template outside the
  // 24-hour window) as their switches for payment messages say. Once per charge (payments announces it once; the inbox
  // and the notification's unique source event keep it once here).
  'payments.autopay_charge_due': {
    type: 'payment',
    preference: 'payment',
    priority: 'medium',
    mandatory: true,
    tell: [{ to: 'member', template: 'autopay_charge_due', category: 'autopay_charge_due', action: myPayments }],
    params: (f) => ({ amount: rupees(f.data.amountPaise), date: str(f.data.dueDate), plan: str(f.data.planName) }),
  },
  // Dunning: a failed charge tells the member at once through the "Pay now" reminder payments requests
  // (payments.payment_reminder_requested above, with the payment link). Once Razorpay gives up retrying (halted) the
  // member is told the autopay has stopped renewing, with the same way to pay, by email and WhatsApp as a reminder is.
  'payments.autopay_charge_failed': {
    type: 'payment',
    preference: 'payment',
    priority: 'urgent',
    when: (f) => f.data.halted === true,
    tell: [{ to: 'member', template: 'autopay_halted', category: 'autopay_halted', action: payNow }],
    params: (f) => ({ amount: rupees(f.data.amountPaise), plan: str(f.data.planName) }),
    forceChannels: { email: true, sms: true },
  },
  // Feedback: a complaint goes to the location's staff at its own priority; a response to its author.
  'feedback.feedback_submitted': {
    type: 'feedback',
    preference: 'feedback',
    priority: (f) => (['low', 'medium', 'high', 'urgent'].includes(str(f.data.priority)) ? (str(f.data.priority) as NotificationPriority) : 'medium'),
    when: (f) => f.data.type === 'complaint',
    tell: [{ to: 'staff', template: 'complaint_submitted', category: 'complaint_submitted', action: { url: '/dashboard/feedback/manage', key: 'review' } }],
    params: (f) => ({ name: str(f.data.memberName) || 'A member', priority: str(f.data.priority) || 'medium', subject: str(f.data.title) }),
  },
  'feedback.feedback_responded': {
    type: 'feedback',
    preference: 'feedback',
    priority: 'medium',
    tell: [{ to: 'participant', template: 'feedback_response', category: 'feedback_response', action: { url: '/dashboard/feedback/my', key: 'view' } }],
    params: (f) => ({ subject: str(f.data.title) }),
  },
  // Inventory: low stock (once per crossing), a batch near its expiry and equipment due for service, to the location's staff.
  'inventory.low_stock_detected': {
    type: 'inventory',
    preference: 'inventory',
    priority: (f) => (f.data.quantity === 0 ? 'high' : 'medium'),
    tell: [{ to: 'staff', template: 'low_stock', category: 'low_stock', action: { url: '/dashboard/inventory/alerts', key: 'view' } }],
    params: (f) => ({ name: str(f.data.name), quantity: str(f.data.quantity), reorderLevel: str(f.data.reorderLevel) }),
  },
  'inventory.batch_expiring': {
    type: 'inventory',
    preference: 'inventory',
    priority: (f) => (typeof f.data.daysLeft === 'number' && f.data.daysLeft <= 7 ? 'high' : 'medium'),
    tell: [{ to: 'staff', template: 'batch_expiring', category: 'batch_expiring', action: { url: '/dashboard/inventory/alerts', key: 'view' } }],
    params: (f) => ({ name: str(f.data.name), quantity: str(f.data.quantity), expiryDate: str(f.data.expiryDate), batch: str(f.data.batchNo) || '—' }),
  },
  'inventory.maintenance_due': {
    type: 'inventory',
    preference: 'inventory',
    priority: 'medium',
    tell: [{ to: 'staff', template: 'maintenance_due', category: 'maintenance_due', action: { url: '/dashboard/inventory/maintenance', key: 'view' } }],
    params: (f) => ({ name: str(f.data.name), dueDate: str(f.data.dueDate) }),
  },
  // Chat: each recipient of a message who is offline (no open socket: the live chat tells the others), once per
  // conversation until they read it (the bell, or the conversation: chat.read), by their system channels (in-app,
  // email, WhatsApp). Never the sender (recipientIds leaves them out).
  'chat.message_sent': {
    type: 'system',
    preference: 'system',
    priority: 'low',
    offlineOnly: true,
    coalesce: true,
    tell: [{ to: 'participant', template: 'chat_message', category: 'chat_message', action: { url: '{link}', key: 'open' } }],
    params: (f) => ({ name: str(f.data.conversationName) || str(f.data.senderName), preview: str(f.data.preview), link: str(f.data.link) }),
  },
  // Account security: a sign-in from a device the account had not used, to its owner (in-app; email if they want system mails).
  'auth.new_device_signed_in': {
    type: 'system',
    preference: 'system',
    priority: 'high',
    tell: [
      { to: 'user', template: 'new_device_signed_in', category: 'new_device_signed_in', action: { url: '/dashboard/settings?tab=security', key: 'review' } },
    ],
    params: (f) => ({ device: str(f.data.device), place: str(f.data.place) }),
  },
  // A data-rights request (DPDP) was made, decided or completed: the member and the gym's owners are told each step.
  'auth.data_request_changed': {
    type: 'system',
    preference: 'system',
    priority: 'high',
    tell: [
      { to: 'user', template: 'data_request_changed', category: 'data_request', action: { url: '/dashboard/settings?tab=privacy', key: 'view' } },
      { to: 'owners', template: 'data_request_changed_staff', category: 'data_request', action: { url: '/dashboard/settings?tab=requests', key: 'review' } },
    ],
    params: (f) => ({ type: str(f.data.type), status: str(f.data.status) }),
  },
};

/** Fills `{name}` placeholders of an action path. */
export const fillPath = (url: string, params: Readonly<Record<string, string>>): string =>
  // `{link}`: an in-app path the event gives whole (chat's conversation link); anything but a local path is refused.
  url === '{link}'
    ? params.link?.startsWith('/') && !params.link.startsWith('//')
      ? params.link
      : '/dashboard'
    : url.replace(/\{(\w+)\}/g, (_w, n: string) => encodeURIComponent(params[n] ?? ''));

/** Retry back-off of a failed delivery: 30 s, 2 min, 8 min, … capped at 1 h; after MAX_ATTEMPTS it is failed. */
export const MAX_ATTEMPTS = 5;
export const backoffMs = (attempt: number, baseMs = 30_000): number => Math.min(baseMs * 4 ** Math.max(0, attempt - 1), 3_600_000);
