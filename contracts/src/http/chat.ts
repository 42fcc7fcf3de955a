import { z } from 'zod';
import { ConversationType, Role } from '../enums.ts';
import { ANY_ROLE, IdParams, IsoDateTime, ok, Problem, route, Text } from './route.ts';

/**
 * Spec part 2 §3 Conversation / Message / Chat user and §7 Chat, as the chat service answers them.
 *
 * Who may talk to whom follows the organization (checked on the server from the caller's token, never from ids the
 * client sends): a member reaches their trainer and the staff (owner, admin) of their location; a trainer their
 * clients and the staff; staff anyone of their locations. Nobody reaches another organization: another
 * organization's conversation, message or person is "not found" (404).
 */

/** Conversation types: ConversationType (direct, group, broadcast) of enums.ts. */
export type ChatConversationType = z.infer<typeof ConversationType>;
export const GroupType = z.enum(['general', 'training', 'class', 'announcement', 'support']);
export type GroupType = z.infer<typeof GroupType>;
/** A participant's part in a conversation: `admin` may add and remove people and delete anyone's message (groups). */
export const ParticipantRole = z.enum(['member', 'admin']);
export type ParticipantRole = z.infer<typeof ParticipantRole>;
/** text = words only; image / file = the message carries an attachment (its first one decides); system = said by the service. */
export const MessageType = z.enum(['text', 'image', 'file', 'system']);
export type MessageType = z.infer<typeof MessageType>;
export const AttachmentKind = z.enum(['image', 'video', 'audio', 'document']);
export type AttachmentKind = z.infer<typeof AttachmentKind>;

/** The attachment picker's types (spec §5): images, video, pdf, doc, docx, txt, mp3, wav. Checked from the file's bytes. */
export const CHAT_ACCEPTED_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
  'video/quicktime': ['.mov'],
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'text/plain': ['.txt'],
  'audio/mpeg': ['.mp3'],
  'audio/wav': ['.wav'],
} as const;
/** The `accept` attribute of the picker. */
export const CHAT_ACCEPT_ATTRIBUTE = ['image/*', 'video/*', '.pdf', '.doc', '.docx', '.txt', '.mp3', '.wav'].join(',');
/** Largest attachment: 10 MB ("File is too large: the limit is 10 MB"). */
export const CHAT_MAX_FILE_BYTES = 10 * 1024 * 1024;
/**
 * The largest upload request (the file and the multipart framing and text fields): the gateway lets the upload route's
 * body up to this size (every other route keeps the 1 MB limit), so the service can answer FILE_TOO_LARGE itself.
 */
export const CHAT_UPLOAD_BODY_BYTES = CHAT_MAX_FILE_BYTES + 256 * 1024;
/** The upload route's path under the API root (the gateway matches it for the larger body limit). */
export const CHAT_UPLOAD_PATH = /^\/api\/chat\/conversations\/[^/?#]+\/upload$/;
/** Longest message text. */
export const CHAT_MAX_TEXT = 4000;
/**
 * How long after sending its sender may edit a text message (the spec says nothing; 15 minutes, like common chat
 * apps): later answers 409 EDIT_WINDOW_CLOSED. Every edit is kept in the event stream (chat.message_edited, with the
 * text before and after).
 */
export const CHAT_EDIT_WINDOW_MINUTES = 15;
/** Pinned messages per conversation; pinning another answers 409 PIN_LIMIT_REACHED. */
export const CHAT_MAX_PINS = 5;
/** People in a group or broadcast (the caller included). */
export const CHAT_MAX_PARTICIPANTS = 200;
/** How long a signed attachment link works. */
export const CHAT_LINK_TTL_SECONDS = 15 * 60;
/** The unread badge shows "9+" above this. */
export const CHAT_UNREAD_BADGE_CAP = 9;

/** Spec "Chat user": someone the caller may start a chat with (or a participant). `role` is their role in the gym. */
export const ChatUser = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Their profile picture (`/api/auth/avatars/…`, from auth.user_avatar_changed), or null (the UI shows initials). */
  avatar: z.string().nullable(),
  role: Role,
});
export type ChatUser = z.infer<typeof ChatUser>;

export const Participant = z.object({
  user: ChatUser,
  role: ParticipantRole,
  joinedAt: IsoDateTime,
  /** The last message this participant has read (read receipts), or null. */
  lastReadAt: IsoDateTime.nullable(),
  /**
   * The `seq` of the last message this participant has read (0: none). A message with `seq` at most this is "seen" by
   * them: the screens count "Seen by N" in groups from it, and `chat:read` moves it live.
   */
  lastReadSeq: z.number().int().min(0),
});
export type Participant = z.infer<typeof Participant>;

export const MessageContent = z.object({ type: MessageType, text: z.string() });

export const LastMessage = z.object({
  _id: z.uuid(),
  createdAt: IsoDateTime,
  sender: z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  /** `text` is "" for a deleted message (isDeleted) and for a file sent without words. */
  content: MessageContent,
  isDeleted: z.boolean(),
});

export const Conversation = z.object({
  _id: z.uuid(),
  type: ConversationType,
  /** Groups and broadcasts; null for a direct conversation (the UI shows the other person's name). */
  name: z.string().nullable(),
  description: z.string(),
  groupType: GroupType,
  participants: z.array(Participant),
  createdBy: z.uuid(),
  /** Messages after the caller's read mark, not the caller's own. The badge shows 9+ above 9. */
  unreadCount: z.number().int().min(0),
  lastMessage: LastMessage.nullable(),
  /** The caller muted it: its messages notify them of nothing (the live chat and the unread count are unchanged). */
  isMuted: z.boolean(),
  /** Ids of the pinned messages, most recently pinned first (at most CHAT_MAX_PINS). */
  pinnedMessageIds: z.array(z.uuid()),
  createdAt: IsoDateTime,
  /** The last message's time, or the creation time: the list is sorted by it, newest first. */
  updatedAt: IsoDateTime,
});
export type Conversation = z.infer<typeof Conversation>;

/** A file of a message. `url` and `thumbnailUrl` are signed for the caller and stop working at `urlExpiresAt`. */
export const Attachment = z.object({
  _id: z.uuid(),
  originalName: z.string(),
  /** The type read from the file's bytes (not its name). */
  mimeType: z.string(),
  size: z.number().int().min(0),
  kind: AttachmentKind,
  url: z.string(),
  /** A small JPEG preview of an image, or null. */
  thumbnailUrl: z.string().nullable(),
  urlExpiresAt: IsoDateTime,
});
export type Attachment = z.infer<typeof Attachment>;

export const Reaction = z.object({
  emoji: z.string(),
  /** Who reacted with it (one per emoji per person). */
  users: z.array(z.uuid()),
  count: z.number().int().min(1),
});
export type Reaction = z.infer<typeof Reaction>;

export const MessageSender = z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string() });

/** What a reply shows of the message it answers. */
export const ReplyPreview = z.object({
  _id: z.uuid(),
  sender: MessageSender,
  /** "" when that message was deleted. */
  text: z.string(),
  isDeleted: z.boolean(),
  hasAttachment: z.boolean(),
});

export const Message = z.object({
  _id: z.uuid(),
  conversationId: z.uuid(),
  /** Order within the conversation (1, 2, …): newest last. */
  seq: z.number().int().min(1),
  sender: MessageSender,
  type: MessageType,
  /** `text` is "" once deleted. */
  content: MessageContent,
  replyTo: ReplyPreview.nullable(),
  /** Empty once deleted. */
  attachments: z.array(Attachment),
  reactions: z.array(Reaction),
  isPinned: z.boolean(),
  /** Deleted by the sender or a group admin: shown as "This message was deleted" to everyone. */
  isDeleted: z.boolean(),
  /** When its sender last edited the text (the screens show "edited"), or null. */
  editedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type Message = z.infer<typeof Message>;

const ConversationId = z.uuid({ message: 'Not a valid conversation' });
const UserId = z.uuid({ message: 'Not a valid user' });
const MessageId = z.uuid({ message: 'Not a valid message' });
const Search = Text('Search').trim().max(100, 'Search must be at most 100 characters');
const BoolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ConversationListQuery = z.object({
  type: ConversationType.optional(),
  /** A group's name or a participant's name. */
  search: Search.optional(),
  /** Only conversations with unread messages. */
  unread: BoolQuery.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuery>;

export const MessagesQuery = z.object({
  /** Cursor: messages older than this message of the conversation (the `nextCursor` of the previous page). */
  before: MessageId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type MessagesQuery = z.infer<typeof MessagesQuery>;
/** A page of messages, oldest first (newest last); `nextCursor` fetches the older page before it. */
export const MessagePage = z.object({
  success: z.literal(true),
  data: z.array(Message),
  pagination: z.object({ hasMore: z.boolean(), nextCursor: z.uuid().nullable() }),
});

const MessageText = Text('Message', { multiline: true }).trim().max(CHAT_MAX_TEXT, `Message must be at most ${CHAT_MAX_TEXT} characters`);

export const SendMessageBody = z.object({
  content: MessageText.min(1, 'Message cannot be empty'),
  /** A message of the same conversation this one answers. */
  replyTo: MessageId.nullable().default(null),
  /** Only text: files go through the upload call. */
  type: z.literal('text').default('text'),
});
export type SendMessageBody = z.input<typeof SendMessageBody>;

/** The new text of a message (its sender, within CHAT_EDIT_WINDOW_MINUTES of sending). */
export const EditMessageBody = z.object({ content: MessageText.min(1, 'Message cannot be empty') });
export type EditMessageBody = z.input<typeof EditMessageBody>;

export const NewParticipant = z.object({ user: UserId, role: ParticipantRole.default('member') });

/**
 * direct: `participants` = the one other person (opening a direct conversation that exists returns it, 200).
 * group: `name` required; `admins` (user ids among the participants) may add and remove people; the creator is an admin.
 * broadcast: staff only; participants read it and their replies go privately to the sender.
 */
export const CreateConversationBody = z
  .object({
    type: ConversationType.default('direct'),
    participants: z
      .array(NewParticipant)
      .min(1, 'Choose at least one member')
      .max(CHAT_MAX_PARTICIPANTS - 1, `At most ${CHAT_MAX_PARTICIPANTS - 1} people`),
    name: Text('Group name').trim().max(100, 'Group name must be at most 100 characters').optional(),
    description: Text('Description', { multiline: true }).trim().max(500, 'Description must be at most 500 characters').default(''),
    groupType: GroupType.default('general'),
    admins: z.array(UserId).max(CHAT_MAX_PARTICIPANTS).default([]),
  })
  .refine((b) => b.type !== 'direct' || b.participants.length === 1, {
    message: 'A direct conversation is with one person',
    path: ['participants'],
  })
  .refine((b) => b.type === 'direct' || (b.name !== undefined && b.name.length > 0), { message: 'Group name is required', path: ['name'] });
export type CreateConversationBody = z.input<typeof CreateConversationBody>;

export const ParticipantsBody = z
  .object({
    add: z.array(NewParticipant).max(CHAT_MAX_PARTICIPANTS).default([]),
    remove: z.array(UserId).max(CHAT_MAX_PARTICIPANTS).default([]),
  })
  .refine((b) => b.add.length + b.remove.length > 0, { message: 'Choose someone to add or remove', path: ['add'] });

export const ChatSearchQuery = z.object({
  query: Text('Search').trim().min(2, 'Type at least 2 characters').max(100, 'Search must be at most 100 characters'),
  conversationId: ConversationId.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const SearchHit = z.object({
  message: Message,
  conversation: z.object({ _id: z.uuid(), type: ConversationType, name: z.string().nullable() }),
  /** The matching words marked with « and » (plain text, never HTML). */
  snippet: z.string(),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const ChatUsersQuery = z.object({ search: Search.optional(), limit: z.coerce.number().int().min(1).max(200).default(100) });

export const ReactionBody = z.object({
  emoji: Text('Emoji').trim().min(1, 'Choose an emoji').max(16, 'Not a valid emoji'),
});

export const ReadBody = z.object({
  /** Read up to this message (default: the newest). */
  messageId: MessageId.optional(),
});
export const ReadState = z.object({ conversationId: z.uuid(), lastReadAt: IsoDateTime.nullable(), unreadCount: z.number().int().min(0) });
export type ReadState = z.infer<typeof ReadState>;

export const TypingBody = z.object({ isTyping: z.boolean() });

export const MuteBody = z.object({ muted: z.boolean() });

/** Signed link to an attachment (made by the service in `Attachment.url`): who it is for, until when, and the HMAC. */
export const AttachmentFileQuery = z.object({
  variant: z.enum(['original', 'thumb']).default('original'),
  u: UserId,
  exp: z.coerce.number().int().min(0).max(99_999_999_999),
  sig: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'Not a valid link')
    .max(43),
});

export const chatRoutes = {
  conversations: route({
    method: 'GET',
    path: '/chat/conversations',
    query: ConversationListQuery,
    responses: { 200: ok(z.array(Conversation)), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: "The caller's conversations, newest activity first, with unread counts and the last message.",
  }),
  conversation: route({
    method: 'GET',
    path: '/chat/conversations/:id',
    params: IdParams,
    responses: { 200: ok(Conversation), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'One conversation of the caller (404 when the caller is not in it).',
  }),
  messages: route({
    method: 'GET',
    path: '/chat/conversations/:id/messages',
    params: IdParams,
    query: MessagesQuery,
    responses: { 200: MessagePage, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'A page of messages, newest last; `before` (a message id) pages back in time.',
  }),
  send: route({
    method: 'POST',
    path: '/chat/conversations/:id/messages',
    params: IdParams,
    body: SendMessageBody,
    responses: { 201: ok(Message), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Sends a text message (optionally a reply); participants see it at once through the hub.',
    description:
      "In a broadcast only its creator (and other staff admins) write to everyone; a participant's reply is sent privately to the sender in a direct conversation, and that message is answered (201) with its conversationId.",
  }),
  create: route({
    method: 'POST',
    path: '/chat/conversations',
    body: CreateConversationBody,
    responses: { 200: ok(Conversation), 201: ok(Conversation), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Starts a direct conversation (200 with the existing one if there is one), a group or a broadcast (staff).',
    description: 'Someone the caller may not chat with answers 403 CHAT_NOT_ALLOWED; someone of another organization 404.',
  }),
  participants: route({
    method: 'POST',
    path: '/chat/conversations/:id/participants',
    params: IdParams,
    body: ParticipantsBody,
    responses: { 200: ok(Conversation), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'A group admin adds or removes people (a participant may remove only themselves: leaving).',
  }),
  search: route({
    method: 'GET',
    path: '/chat/search',
    query: ChatSearchQuery,
    responses: { 200: ok(z.array(SearchHit)), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: "Full-text search over the messages of the caller's conversations, best match first.",
  }),
  upload: route({
    method: 'POST',
    path: '/chat/conversations/:id/upload',
    params: IdParams,
    responses: { 201: ok(Message), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 413: Problem, 415: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Sends a file (multipart/form-data: file, and optional content and replyTo fields) as a message.',
    description:
      'Accepted: images, video, pdf, doc, docx, txt, mp3, wav, read from the bytes (a renamed file is refused, 415 UNSUPPORTED_FILE_TYPE); at most 10 MB (413 FILE_TOO_LARGE). Images get a thumbnail.',
  }),
  file: route({
    method: 'GET',
    path: '/chat/attachments/:id',
    params: IdParams,
    query: AttachmentFileQuery,
    responses: { 200: z.string(), 400: Problem, 403: Problem, 404: Problem },
    auth: false,
    summary: "An attachment's bytes through the signed link the service gave a participant (expires after 15 minutes).",
    description:
      'No bearer token (an <img> cannot send one): the HMAC signature names the participant and the expiry; a link whose person left the conversation stops working.',
  }),
  users: route({
    method: 'GET',
    path: '/chat/users',
    query: ChatUsersQuery,
    responses: { 200: ok(z.array(ChatUser)), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'The people the caller may start a chat with, by name.',
  }),
  react: route({
    method: 'POST',
    path: '/chat/messages/:id/reactions',
    params: IdParams,
    body: ReactionBody,
    responses: { 200: ok(Message), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: "Toggles the caller's reaction with an emoji on a message (one per emoji per person).",
  }),
  edit: route({
    method: 'PATCH',
    path: '/chat/messages/:id',
    params: IdParams,
    body: EditMessageBody,
    responses: { 200: ok(Message), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: `Edits the text of the caller's own text message (within ${CHAT_EDIT_WINDOW_MINUTES} minutes of sending); participants see it at once, marked edited.`,
    description:
      "Someone else's message answers 403 NOT_YOUR_MESSAGE; a deleted message 409 MESSAGE_DELETED; after the window 409 EDIT_WINDOW_CLOSED; a file or system message 400. The same text again changes nothing.",
  }),
  delete: route({
    method: 'DELETE',
    path: '/chat/messages/:id',
    params: IdParams,
    responses: { 200: ok(Message), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Deletes a message for everyone (its sender, or an admin of the group): it shows as deleted.',
  }),
  pin: route({
    method: 'POST',
    path: '/chat/messages/:id/pin',
    params: IdParams,
    responses: { 200: ok(Message), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: `Pins or unpins a message (at most ${CHAT_MAX_PINS} pinned per conversation).`,
  }),
  read: route({
    method: 'POST',
    path: '/chat/conversations/:id/read',
    params: IdParams,
    body: ReadBody,
    responses: { 200: ok(ReadState), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    allowReadOnly: true,
    summary: "Moves the caller's read mark (read receipts; the unread count drops).",
  }),
  mute: route({
    method: 'POST',
    path: '/chat/conversations/:id/mute',
    params: IdParams,
    body: MuteBody,
    responses: { 200: ok(Conversation), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    allowReadOnly: true,
    summary: "Mutes or unmutes a conversation for the caller: a muted one's messages send them no notification (bell, email, WhatsApp).",
  }),
  typing: route({
    method: 'POST',
    path: '/chat/conversations/:id/typing',
    params: IdParams,
    body: TypingBody,
    responses: { 202: ok(z.object({ isTyping: z.boolean() })), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    allowReadOnly: true,
    summary: 'Tells the other participants the caller is typing (the app sends it at most every 3 seconds; it lapses after 6).',
  }),
} as const;
