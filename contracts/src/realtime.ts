import { z } from 'zod';
import { WorkoutType } from './enums.ts';
import { AttendanceType, CheckInMethod, CheckOutMethod } from './http/attendance.ts';

/**
 * Live presence over the notifications hub's socket.io connection (path `/socket.io`, the same socket as the bell).
 * Server → client only, and only to staff: on connect the hub puts an owner's or admin's socket in one room per
 * location of their verified token (never from anything the client sends); members and trainers join none.
 * Delivery is at most once (a socket that was away misses what happened meanwhile): a screen refetches its counts and
 * lists after a reconnect, and treats these pushes as "this changed, move the counter", not as the source of truth.
 */
export const ATTENDANCE_SOCKET_EVENTS = {
  /** Someone (member or trainer) checked in at one of the staff member's locations: PresenceCheckedIn. */
  checkedIn: 'attendance:checked_in',
  /** A session of that location ended, by staff, by the member, or closed automatically (autoClosed): PresenceCheckedOut. */
  checkedOut: 'attendance:checked_out',
} as const;
export type AttendanceSocketEvent = (typeof ATTENDANCE_SOCKET_EVENTS)[keyof typeof ATTENDANCE_SOCKET_EVENTS];

/** `attendance:checked_in` payload: the new session's summary. */
export const PresenceCheckedIn = z.object({
  attendanceId: z.uuid(),
  locationId: z.uuid(),
  /** member or trainer (trainers check in too). */
  type: AttendanceType,
  /** The member's id (= their user id), or the trainer's id for type trainer. */
  memberId: z.uuid(),
  /** Display name ("First Last") of who checked in, as the attendance service knows it. */
  name: z.string(),
  checkInTime: z.iso.datetime({ offset: true }),
  checkInMethod: CheckInMethod,
  workoutType: WorkoutType,
});
export type PresenceCheckedIn = z.infer<typeof PresenceCheckedIn>;

/** `attendance:checked_out` payload: the ended session's summary. */
export const PresenceCheckedOut = z.object({
  attendanceId: z.uuid(),
  locationId: z.uuid(),
  type: AttendanceType,
  memberId: z.uuid(),
  name: z.string(),
  checkInTime: z.iso.datetime({ offset: true }),
  checkOutTime: z.iso.datetime({ offset: true }),
  checkOutMethod: CheckOutMethod,
  durationMinutes: z.number().int().min(0),
  /** True when the session was closed by the service after the location's closing time, not by a check-out. */
  autoClosed: z.boolean(),
});
export type PresenceCheckedOut = z.infer<typeof PresenceCheckedOut>;

/**
 * Chat over the same hub socket (the bell's): server → client only. The hub puts every socket in its person's room
 * (`user:<orgId>:<userId>`, from the verified token) and sends each chat event to the rooms of the conversation's
 * participants, in the order the chat service wrote them (one Kafka partition per conversation). At most once, like
 * presence: after a reconnect a screen refetches its lists and the open conversation.
 */
export const CHAT_SOCKET_EVENTS = {
  /** ChatSocketMessage: a new message (attachments without links: fetch the message page for them). */
  message: 'chat:message',
  /** ChatSocketMessageDeleted */
  messageDeleted: 'chat:message_deleted',
  /** ChatSocketMessageEdited: its sender changed a message's text. */
  messageEdited: 'chat:message_edited',
  /** ChatSocketReaction */
  reaction: 'chat:reaction',
  /** ChatSocketPin */
  pin: 'chat:pin',
  /** ChatSocketConversation: a conversation the person is in was made, or its participants changed. */
  conversation: 'chat:conversation',
  /** ChatSocketRead: a participant's read mark moved. */
  read: 'chat:read',
  /** ChatSocketTyping */
  typing: 'chat:typing',
} as const;
export type ChatSocketEvent = (typeof CHAT_SOCKET_EVENTS)[keyof typeof CHAT_SOCKET_EVENTS];

export const ChatSocketMessage = z.object({
  conversationId: z.uuid(),
  message: z.object({
    _id: z.uuid(),
    conversationId: z.uuid(),
    seq: z.number().int().min(1),
    sender: z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string() }),
    type: z.enum(['text', 'image', 'file', 'system']),
    text: z.string(),
    replyToId: z.uuid().nullable(),
    attachments: z.array(z.object({ _id: z.uuid(), originalName: z.string(), mimeType: z.string(), size: z.number().int().min(0), hasThumbnail: z.boolean() })),
    createdAt: z.iso.datetime({ offset: true }),
  }),
});
export type ChatSocketMessage = z.infer<typeof ChatSocketMessage>;
export const ChatSocketMessageDeleted = z.object({ conversationId: z.uuid(), messageId: z.uuid() });
export type ChatSocketMessageDeleted = z.infer<typeof ChatSocketMessageDeleted>;
export const ChatSocketMessageEdited = z.object({
  conversationId: z.uuid(),
  messageId: z.uuid(),
  seq: z.number().int().min(1),
  text: z.string(),
  editedAt: z.iso.datetime({ offset: true }),
});
export type ChatSocketMessageEdited = z.infer<typeof ChatSocketMessageEdited>;
export const ChatSocketReaction = z.object({
  conversationId: z.uuid(),
  messageId: z.uuid(),
  userId: z.uuid(),
  emoji: z.string(),
  added: z.boolean(),
  reactions: z.array(z.object({ emoji: z.string(), users: z.array(z.uuid()), count: z.number().int().min(1) })),
});
export type ChatSocketReaction = z.infer<typeof ChatSocketReaction>;
export const ChatSocketPin = z.object({ conversationId: z.uuid(), messageId: z.uuid(), isPinned: z.boolean(), by: z.uuid() });
export type ChatSocketPin = z.infer<typeof ChatSocketPin>;
export const ChatSocketConversation = z.object({ conversationId: z.uuid(), change: z.enum(['created', 'participants_changed']), removed: z.boolean() });
export type ChatSocketConversation = z.infer<typeof ChatSocketConversation>;
export const ChatSocketRead = z.object({
  conversationId: z.uuid(),
  userId: z.uuid(),
  lastReadAt: z.iso.datetime({ offset: true }),
  lastReadSeq: z.number().int().min(0),
});
export type ChatSocketRead = z.infer<typeof ChatSocketRead>;
export const ChatSocketTyping = z.object({ conversationId: z.uuid(), userId: z.uuid(), name: z.string(), isTyping: z.boolean() });
export type ChatSocketTyping = z.infer<typeof ChatSocketTyping>;
