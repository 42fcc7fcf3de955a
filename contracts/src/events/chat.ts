import { z } from 'zod';
import { ConversationType } from '../enums.ts';
import { GroupType, MessageType, ParticipantRole, Reaction } from '../http/chat.ts';
import { defineEvent } from '../envelope.ts';

/**
 * Integration events of the chat service (topic akhada.chat.events; key = aggregateId = the conversation's id, so a
 * conversation's events stay in order on one partition). Every event names the conversation's participants
 * (`participantIds`, after the change) so the notifications hub fans it out to their sockets without a lookup.
 * Consumers: notifications (hub fan-out to `user:<org>:<id>` rooms; a notification for a participant who is offline).
 */

const Sender = z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string() });

/** An attachment as the events carry it: no signed link (links are per person; the app fetches the message for them). */
export const EventAttachment = z.object({
  _id: z.uuid(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int().min(0),
  hasThumbnail: z.boolean(),
});

/** A message as the events carry it. */
export const EventMessage = z.object({
  _id: z.uuid(),
  conversationId: z.uuid(),
  seq: z.number().int().min(1),
  sender: Sender,
  type: MessageType,
  text: z.string(),
  replyToId: z.uuid().nullable(),
  attachments: z.array(EventAttachment),
  createdAt: z.iso.datetime({ offset: true }),
});
export type EventMessage = z.infer<typeof EventMessage>;

/**
 * A message was sent. `recipientIds` = the participants but the sender and those who muted the conversation:
 * notifications tells those who are offline
 * (by their preferences) with `preview` (the text cut to 140 characters, or the file's name) and `link`.
 */
export const MessageSent = defineEvent(
  'chat.message_sent',
  1,
  z.object({
    conversationId: z.uuid(),
    conversationType: ConversationType,
    /** The group's name, or null for a direct conversation (notifications then names the sender). */
    conversationName: z.string().nullable(),
    participantIds: z.array(z.uuid()),
    recipientIds: z.array(z.uuid()),
    senderName: z.string(),
    preview: z.string(),
    /** The app's path: `/dashboard/chat?c=<conversationId>`. */
    link: z.string(),
    message: EventMessage,
  }),
);

/** Deleted for everyone (its sender or a group admin). */
export const MessageDeleted = defineEvent(
  'chat.message_deleted',
  1,
  z.object({ conversationId: z.uuid(), messageId: z.uuid(), participantIds: z.array(z.uuid()), deletedBy: z.uuid() }),
);

/**
 * Its sender changed a message's text. The event keeps the history: `previousText` and `text` of every edit, in
 * order (`editedAt`). Participants' screens replace the text and show "edited".
 */
export const MessageEdited = defineEvent(
  'chat.message_edited',
  1,
  z.object({
    conversationId: z.uuid(),
    messageId: z.uuid(),
    seq: z.number().int().min(1),
    participantIds: z.array(z.uuid()),
    editedBy: z.uuid(),
    previousText: z.string(),
    text: z.string(),
    editedAt: z.iso.datetime({ offset: true }),
  }),
);

/** Someone added or took back a reaction; `reactions` = the message's reactions as they now are. */
export const ReactionToggled = defineEvent(
  'chat.reaction_toggled',
  1,
  z.object({
    conversationId: z.uuid(),
    messageId: z.uuid(),
    participantIds: z.array(z.uuid()),
    userId: z.uuid(),
    emoji: z.string(),
    added: z.boolean(),
    reactions: z.array(Reaction),
  }),
);

/** Pinned (isPinned true) or unpinned. */
export const MessagePinned = defineEvent(
  'chat.message_pinned',
  1,
  z.object({ conversationId: z.uuid(), messageId: z.uuid(), participantIds: z.array(z.uuid()), isPinned: z.boolean(), by: z.uuid() }),
);

/** A conversation was made (a direct one, a group or a broadcast): the participants' lists gain it. */
export const ConversationCreated = defineEvent(
  'chat.conversation_created',
  1,
  z.object({
    conversationId: z.uuid(),
    type: ConversationType,
    name: z.string().nullable(),
    groupType: GroupType,
    createdBy: z.uuid(),
    participantIds: z.array(z.uuid()),
    participants: z.array(z.object({ userId: z.uuid(), role: ParticipantRole })),
  }),
);

/** A group admin added or removed people (or someone left). `participantIds` = after; the removed are told too. */
export const ParticipantsChanged = defineEvent(
  'chat.participants_changed',
  1,
  z.object({
    conversationId: z.uuid(),
    participantIds: z.array(z.uuid()),
    added: z.array(z.uuid()),
    removed: z.array(z.uuid()),
    by: z.uuid(),
  }),
);

/** A participant's read mark moved (read receipts; their other devices drop the badge). */
export const ConversationRead = defineEvent(
  'chat.read',
  1,
  z.object({
    conversationId: z.uuid(),
    participantIds: z.array(z.uuid()),
    userId: z.uuid(),
    lastReadAt: z.iso.datetime({ offset: true }),
    lastReadSeq: z.number().int().min(0),
  }),
);

/** Someone started or stopped typing (ephemeral: a screen drops it after 6 s without a new one). */
export const Typing = defineEvent(
  'chat.typing',
  1,
  z.object({ conversationId: z.uuid(), participantIds: z.array(z.uuid()), userId: z.uuid(), name: z.string(), isTyping: z.boolean() }),
);
