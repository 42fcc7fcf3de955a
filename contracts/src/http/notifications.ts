import { z } from 'zod';
import { NotificationPriority, NotificationStatus, NotificationType, STAFF_ROLES } from '../enums.ts';
import { Phone } from './auth.ts';
import { ANY_ROLE, DateWithin, IdParams, IsoDateTime, ok, okMessage, PageQuery, Pagination, Problem, route, Text } from './route.ts';

export const Notification = z.object({
  _id: z.uuid(),
  type: NotificationType,
  category: z.string(),
  status: NotificationStatus,
  priority: NotificationPriority,
  title: z.string(),
  message: z.string(),
  createdAt: IsoDateTime,
  readAt: IsoDateTime.nullable(),
  actionUrl: z.string().nullable(),
  actionText: z.string().nullable(),
  locationId: z.uuid().nullable(),
  /**
   * What the browser renders through i18n (namespace `notifications`, keys under `tpl.`): the title's and message's
   * template keys, their parameters, and the action text's key. `title`/`message`/`actionText` keep the English text
   * for older clients. Optional because notifications announced before keys existed carry none.
   */
  titleKey: z.string().optional(),
  messageKey: z.string().optional(),
  actionKey: z.string().nullable().optional(),
  params: z.record(z.string(), z.string()).optional(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationListQuery = z.object({
  type: NotificationType.optional(),
  category: Text('Category').trim().max(60, 'Category must be at most 60 characters').optional(),
  status: NotificationStatus.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const NotificationList = z.object({
  success: z.literal(true),
  data: z.object({ notifications: z.array(Notification) }),
  totalCount: z.number().int(),
  pagination: Pagination,
});
export const UnreadCount = z.object({ unreadCount: z.number().int().min(0) });
export const NotificationStats = z.object({
  unreadCount: z.number().int().min(0),
  typeStats: z.array(z.object({ _id: NotificationType, count: z.number().int(), unread: z.number().int() })),
});

/** The preference categories of part 2 (settings, Notifications tab). */
export const NotificationCategory = z.enum(['payment', 'attendance', 'trainer', 'system', 'feedback', 'inventory']);
export type NotificationCategory = z.infer<typeof NotificationCategory>;
export const NotificationCategoryPreference = z.object({
  enabled: z.boolean(),
  channels: z.object({ inApp: z.boolean(), email: z.boolean(), sms: z.boolean() }),
});
export type NotificationCategoryPreference = z.infer<typeof NotificationCategoryPreference>;
export const NotificationPreferences = z.object({
  payment: NotificationCategoryPreference,
  attendance: NotificationCategoryPreference,
  trainer: NotificationCategoryPreference,
  system: NotificationCategoryPreference,
  feedback: NotificationCategoryPreference,
  inventory: NotificationCategoryPreference,
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;
/** The language email and WhatsApp messages are written in for this user. */
export const MessageLanguage = z.enum(['en', 'hi']);
export type MessageLanguage = z.infer<typeof MessageLanguage>;
export const NotificationSettings = z.object({ notifications: NotificationPreferences, language: MessageLanguage });
export type NotificationSettings = z.infer<typeof NotificationSettings>;
export const NotificationSettingsBody = z.object({ notifications: NotificationPreferences, language: MessageLanguage.optional() });

/** The spec's defaults: every category enabled, in-app only; system also by email. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  payment: { enabled: true, channels: { inApp: true, email: false, sms: false } },
  attendance: { enabled: true, channels: { inApp: true, email: false, sms: false } },
  trainer: { enabled: true, channels: { inApp: true, email: false, sms: false } },
  system: { enabled: true, channels: { inApp: true, email: true, sms: false } },
  feedback: { enabled: true, channels: { inApp: true, email: false, sms: false } },
  inventory: { enabled: true, channels: { inApp: true, email: false, sms: false } },
};

const Category = Text('Category').trim().max(60, 'Category must be at most 60 characters');
export const NotificationHistoryQuery = z
  .object({
    startDate: DateWithin('Start date', '2026-01-01', { yearsBack: 5, yearsAhead: 1 }).optional(),
    endDate: DateWithin('End date', '2026-01-31', { yearsBack: 5, yearsAhead: 1 }).optional(),
    type: NotificationType.optional(),
    category: Category.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { message: 'Start date must be on or before the end date', path: ['endDate'] });
export const NotificationSearchQuery = z.object({
  q: Text('Search').trim().min(1, 'Type something to search for').max(100, 'Search must be at most 100 characters'),
  type: NotificationType.optional(),
  category: Category.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const NotificationFound = z.object({ notifications: z.array(Notification), totalCount: z.number().int().min(0) });

/** Who an announcement goes to: every member of the organization, of one location, or a group. */
export const AnnouncementAudience = z.enum(['organization', 'location', 'active', 'expiring', 'trainer']);
export type AnnouncementAudience = z.infer<typeof AnnouncementAudience>;
export const AnnouncementBody = z
  .object({
    title: Text('Title').trim().min(1, 'Title is required').max(120, 'Title must be at most 120 characters'),
    message: Text('Message', { multiline: true }).trim().min(1, 'Message is required').max(1000, 'Message must be at most 1000 characters'),
    audience: AnnouncementAudience,
    /** For `location`; optional for `active`/`expiring` (one location, else every location the sender runs). */
    locationId: z.uuid({ message: 'Not a valid location id' }).optional(),
    /** For `trainer`: that trainer's members. */
    trainerId: z.uuid({ message: 'Not a valid trainer id' }).optional(),
    priority: NotificationPriority.default('medium'),
  })
  .refine((b) => b.audience !== 'location' || b.locationId, { message: 'Choose a location', path: ['locationId'] })
  .refine((b) => b.audience !== 'trainer' || b.trainerId, { message: 'Choose a trainer', path: ['trainerId'] });
export const Announcement = z.object({
  _id: z.uuid(),
  title: z.string(),
  message: z.string(),
  audience: AnnouncementAudience,
  locationId: z.uuid().nullable(),
  trainerId: z.uuid().nullable(),
  priority: NotificationPriority,
  sentBy: z.object({ id: z.uuid(), name: z.string() }),
  /** How many members it was written to (in-app); channels are counted per delivery. */
  recipientCount: z.number().int().min(0),
  createdAt: IsoDateTime,
});
export type Announcement = z.infer<typeof Announcement>;
export const AnnouncementList = z.object({
  success: z.literal(true),
  data: z.object({ announcements: z.array(Announcement) }),
  totalCount: z.number().int(),
  pagination: Pagination,
});

/** A member's consent to WhatsApp/SMS messages: when and how given; a withdrawal stops delivery at once. */
export const ConsentMethod = z.enum(['settings_toggle']);
export const MessagingConsent = z.object({
  granted: z.boolean(),
  phone: z.string().nullable(),
  grantedAt: IsoDateTime.nullable(),
  method: ConsentMethod.nullable(),
  withdrawnAt: IsoDateTime.nullable(),
});
export type MessagingConsent = z.infer<typeof MessagingConsent>;
export const MessagingConsentBody = z.object({
  granted: z.boolean({ message: 'Say whether you agree (true or false)' }),
  /** The number to message; required to grant when none is known for the caller. */
  phone: Phone.optional(),
});

export const DeliveryChannel = z.enum(['inApp', 'email', 'sms']);
export const DeliveryStatus = z.enum(['pending', 'sent', 'failed', 'skipped']);
/** What the platform said of a WhatsApp message: queued (its API took it), then sent, delivered, read, or failed. */
export const WhatsAppMessageStatus = z.enum(['queued', 'sent', 'delivered', 'read', 'failed']);
export const Delivery = z.object({
  channel: DeliveryChannel,
  status: DeliveryStatus,
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  sentAt: IsoDateTime.nullable(),
  /** WhatsApp: the platform's latest word on the message (null: none yet, or another channel). */
  providerStatus: WhatsAppMessageStatus.nullable().optional(),
});

/** WhatsApp's webhook (Meta's shape; only the fields read, the rest let through): `entry[].changes[].value`. */
/** A field of WhatsApp's webhook: text without NUL, control or text-direction characters (line breaks only in an error's words). */
const WaText = (max: number, multiline = false) => Text('This field', { multiline }).max(max, `At most ${max} characters`);
export const WhatsAppWebhookStatus = z
  .object({
    /** The message id the API answered the send with (wamid.…). */
    id: WaText(200),
    status: WaText(40),
    timestamp: WaText(20).optional(),
    recipient_id: WaText(40).optional(),
    /** The sender's reference given with the message (this service's delivery key). */
    biz_opaque_callback_data: WaText(512).optional(),
    errors: z
      .array(
        z
          .object({
            code: z.number().optional(),
            title: WaText(500, true).optional(),
            error_data: z
              .object({ details: WaText(1000, true).optional() })
              .loose()
              .optional(),
          })
          .loose(),
      )
      .max(20)
      .optional(),
  })
  .loose();
export const WhatsAppWebhookBody = z
  .object({
    object: WaText(100),
    entry: z
      .array(
        z
          .object({
            changes: z
              .array(
                z
                  .object({
                    field: WaText(100),
                    value: z
                      .object({
                        metadata: z
                          .object({ phone_number_id: WaText(40) })
                          .loose()
                          .optional(),
                        messages: z
                          .array(
                            z
                              .object({
                                from: WaText(40),
                                id: WaText(200),
                                timestamp: WaText(20).optional(),
                                /** What the person wrote (type text), or the quick-reply button they pressed (type button): a STOP withdraws marketing consent. */
                                text: z
                                  .object({ body: WaText(4096, true) })
                                  .loose()
                                  .optional(),
                                button: z
                                  .object({ text: WaText(256).optional(), payload: WaText(256).optional() })
                                  .loose()
                                  .optional(),
                              })
                              .loose(),
                          )
                          .max(1000)
                          .optional(),
                        statuses: z.array(WhatsAppWebhookStatus).max(1000).optional(),
                        /** field message_template_status_update: the platform's review of a template (APPROVED, REJECTED, …) and why. */
                        event: WaText(60).optional(),
                        message_template_name: WaText(600).optional(),
                        message_template_language: WaText(20).optional(),
                        reason: WaText(500, true).nullable().optional(),
                      })
                      .loose(),
                  })
                  .loose(),
              )
              .max(100),
          })
          .loose(),
      )
      .max(100),
  })
  .loose();
export type WhatsAppWebhookBody = z.infer<typeof WhatsAppWebhookBody>;
export const WhatsAppWebhookVerifyQuery = z.object({
  'hub.mode': WaText(40),
  'hub.verify_token': WaText(200),
  'hub.challenge': WaText(200),
});

export const notificationRoutes = {
  list: route({
    method: 'GET',
    path: '/notifications',
    query: NotificationListQuery,
    responses: { 200: NotificationList, 400: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'A page of the caller’s own notifications, newest first, filtered by type, category or status.',
  }),
  unreadCount: route({
    method: 'GET',
    path: '/notifications/unread-count',
    responses: { 200: ok(UnreadCount) },
    auth: true,
    roles: ANY_ROLE,
    summary: 'How many of the caller’s notifications are unread.',
  }),
  stats: route({
    method: 'GET',
    path: '/notifications/stats',
    responses: { 200: ok(NotificationStats) },
    auth: true,
    roles: ANY_ROLE,
    summary: 'The caller’s unread count and their notification counts by type.',
  }),
  markRead: route({
    method: 'PUT',
    path: '/notifications/:id/read',
    params: IdParams,
    responses: { 200: ok(Notification), 404: Problem },
    allowReadOnly: true,
    auth: true,
    roles: ANY_ROLE,
    summary: 'Mark one of the caller’s notifications read (404 for anyone else’s).',
  }),
  markUnread: route({
    method: 'PUT',
    path: '/notifications/:id/unread',
    params: IdParams,
    responses: { 200: ok(Notification), 404: Problem },
    allowReadOnly: true,
    auth: true,
    roles: ANY_ROLE,
    summary: 'Mark one of the caller’s notifications unread again (404 for anyone else’s).',
  }),
  archive: route({
    method: 'PUT',
    path: '/notifications/:id/archive',
    params: IdParams,
    responses: { 200: ok(Notification), 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Archive one of the caller’s notifications (404 for anyone else’s).',
  }),
  remove: route({
    method: 'DELETE',
    path: '/notifications/:id',
    params: IdParams,
    responses: { 200: ok(z.object({ deleted: z.literal(true) })), 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Delete one of the caller’s notifications (404 for anyone else’s).',
  }),
  markAllRead: route({
    method: 'PUT',
    path: '/notifications/mark-all-read',
    responses: { 200: ok(z.object({ modifiedCount: z.number().int() })) },
    allowReadOnly: true,
    auth: true,
    roles: ANY_ROLE,
    summary: 'Mark every unread notification of the caller read.',
  }),
  history: route({
    method: 'GET',
    path: '/notifications/history',
    query: NotificationHistoryQuery,
    responses: { 200: ok(z.object({ notifications: z.array(Notification) })), 400: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'The caller’s notifications between two days (archived included), newest first.',
  }),
  search: route({
    method: 'GET',
    path: '/notifications/search',
    query: NotificationSearchQuery,
    responses: { 200: ok(NotificationFound), 400: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'The caller’s notifications whose title or message contains the text.',
  }),
  deliveries: route({
    method: 'GET',
    path: '/notifications/:id/deliveries',
    params: IdParams,
    responses: { 200: ok(z.object({ deliveries: z.array(Delivery) })), 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'How one of the caller’s notifications was delivered, per channel (status, attempts, last error).',
  }),
  announce: route({
    method: 'POST',
    path: '/notifications/announcement',
    body: AnnouncementBody,
    responses: { 201: ok(Announcement), 400: Problem, 404: Problem },
    auth: true,
    roles: STAFF_ROLES,
    summary: 'Send an announcement to the members of the organization, a location, or a group (active, expiring, a trainer’s).',
    description:
      'Admins reach only the locations they run. Each member gets it in-app and on the channels their preferences (category system) and consent allow.',
  }),
  announcements: route({
    method: 'GET',
    path: '/notifications/announcements',
    query: PageQuery,
    responses: { 200: AnnouncementList, 400: Problem },
    auth: true,
    roles: STAFF_ROLES,
    summary: 'Announcements sent in the organization, newest first, with who sent them and how many received them.',
  }),
  preferences: route({
    method: 'GET',
    path: '/settings/notifications',
    responses: { 200: ok(NotificationSettings) },
    auth: true,
    roles: ANY_ROLE,
    summary: 'The caller’s notification preferences per category (the spec’s defaults until saved) and message language.',
  }),
  updatePreferences: route({
    method: 'PUT',
    path: '/settings/notifications',
    body: NotificationSettingsBody,
    responses: { 200: ok(NotificationSettings), 400: Problem },
    allowReadOnly: true,
    auth: true,
    roles: ANY_ROLE,
    summary: 'Save the caller’s notification preferences; they apply to every notification created from now on.',
  }),
  consent: route({
    method: 'GET',
    path: '/notifications/consent',
    responses: { 200: ok(MessagingConsent) },
    auth: true,
    roles: ANY_ROLE,
    summary: 'The caller’s consent to WhatsApp/SMS messages: whether, when and how it was given, and when withdrawn.',
  }),
  updateConsent: route({
    method: 'PUT',
    path: '/notifications/consent',
    body: MessagingConsentBody,
    responses: { 200: ok(MessagingConsent), 400: Problem },
    allowReadOnly: true,
    auth: true,
    roles: ANY_ROLE,
    summary: 'Give or withdraw consent to WhatsApp/SMS messages; a withdrawal stops every pending message at once.',
  }),
  whatsappVerify: route({
    method: 'GET',
    path: '/notifications/whatsapp/webhook',
    query: WhatsAppWebhookVerifyQuery,
    responses: { 200: z.string(), 400: Problem, 403: Problem },
    auth: false,
    summary: "Meta's webhook verification: answers hub.challenge when hub.verify_token is the configured verify token.",
    description: '403 FORBIDDEN for another token. Set the same verify token in the Meta app’s WhatsApp webhook settings.',
  }),
  whatsappWebhook: route({
    method: 'POST',
    path: '/notifications/whatsapp/webhook',
    body: WhatsAppWebhookBody,
    responses: { 200: okMessage, 400: Problem, 401: Problem },
    auth: false,
    summary: "WhatsApp's webhook: a person's messages (their 24-hour window opens) and message statuses (sent, delivered, read, failed).",
    description:
      'Signed like Meta signs it: X-Hub-Signature-256 is sha256= and the HMAC-SHA256 of the raw body with the app secret; a missing or wrong one is 401.',
  }),
} as const;

/** socket.io events pushed by the real-time hub (path /socket.io, auth: { token }). */
export const SOCKET_EVENTS = {
  notificationNew: 'notification:new',
  unreadCount: 'notification:unread-count',
  /** Server → client, just before the hub closes a socket whose token expired or whose session ended: { code, message }. */
  authError: 'auth:error',
  /** Client → server with a fresh token (or { token }); acknowledged with { ok: true, expiresAt } or { ok: false, code, message }. */
  authRefresh: 'auth:refresh',
} as const;
