import { CHAT_MAX_PINS, ChatEvents, type Message, type ReadState } from '@akhada/contracts';
import { AppError, badRequest, forbidden, metadataOf, newId, notFound } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { announce } from '../db/announce.ts';
import {
  findMessage,
  insertMessage,
  messagePage,
  participantIdsOf,
  participantsOf,
  reactionsOf,
  type ConversationRow,
  type MessageRow,
  type ParticipantRow,
} from '../db/chat-repo.ts';
import { findPerson } from '../db/people-repo.ts';
import type { AttachmentsTable, ChatDb } from '../db/schema.ts';
import { decideEdit } from '../domain/edit.ts';
import { groupReactions, toMessages } from '../views/chat-views.ts';
import { requireMessage, requireParticipant, type Caller } from './access.ts';
import { openDirect } from './conversations.ts';
import type { ChatDeps } from './deps.ts';

type Trx = Transaction<ChatDb>;

export const listMessages = async (
  { db, clock, signer }: Pick<ChatDeps, 'db' | 'clock' | 'signer'>,
  ctx: Caller,
  id: string,
  q: { before?: string | undefined; limit: number },
) => {
  const { conversation } = await requireParticipant(db, ctx, id);
  let beforeSeq: number | null = null;
  if (q.before) {
    const m = await findMessage(db, ctx.orgId, q.before);
    if (!m || m.conversation_id !== conversation.id)
      throw badRequest('Not a message of this conversation', [{ path: 'before', message: 'Not a valid message' }]);
    beforeSeq = m.seq;
  }
  const rows = await messagePage(db, conversation.id, beforeSeq, q.limit + 1);
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit).reverse();
  return { data: await toMessages(db, ctx, signer, page, clock()), hasMore, nextCursor: hasMore ? (page[0]?.id ?? null) : null };
};

export interface NewMessage {
  text: string;
  replyTo: string | null;
  type: 'text' | 'image' | 'file';
  attachments?: Omit<AttachmentsTable, 'message_id' | 'conversation_id' | 'org_id' | 'created_at'>[];
}

/**
 * Writes a message in the caller's transaction. In a broadcast, someone who is not its admin answers the sender
 * privately: the message goes to their direct conversation with the broadcast's creator.
 */
export const postMessage = async (
  trx: Trx,
  ctx: Caller,
  target: { conversation: ConversationRow; participant: ParticipantRow },
  m: NewMessage,
  now: Date,
): Promise<MessageRow> => {
  let conversation = target.conversation;
  if (conversation.type === 'broadcast' && target.participant.role !== 'admin') {
    conversation = (await openDirect(trx, ctx, conversation.created_by, now, { checkReach: false })).row;
  }
  let replyTo = m.replyTo;
  if (replyTo) {
    const r = await findMessage(trx, ctx.orgId, replyTo);
    if (!r || r.conversation_id !== target.conversation.id)
      throw badRequest('You can only reply to a message of this conversation', [{ path: 'replyTo', message: 'Not a valid message' }]);
    if (r.conversation_id !== conversation.id) replyTo = null;
  }
  const row = await insertMessage(trx, {
    id: newId(),
    conversation_id: conversation.id,
    org_id: ctx.orgId,
    sender_id: ctx.userId,
    type: m.type,
    text: m.text,
    reply_to_id: replyTo,
    created_at: now,
  });
  const files = (m.attachments ?? []).map((a) => ({ ...a, message_id: row.id, conversation_id: conversation.id, org_id: ctx.orgId, created_at: now }));
  if (files.length > 0) await trx.insertInto('attachments').values(files).execute();
  // The sender has read everything up to their own message.
  await trx
    .updateTable('participants')
    .set({ last_read_seq: row.seq, last_read_at: now })
    .where('conversation_id', '=', conversation.id)
    .where('user_id', '=', ctx.userId)
    .execute();
  const participants = await participantsOf(trx, [conversation.id]);
  const participantIds = participants.map((p) => p.user_id);
  const me = await findPerson(trx, ctx.orgId, ctx.userId);
  const [first, ...rest] = ctx.name.trim().split(/\s+/);
  const senderFirst = me?.first_name ?? first ?? '';
  const senderLast = me?.last_name ?? rest.join(' ');
  const preview = m.text.trim() ? m.text.trim().slice(0, 140) : (files[0]?.original_name ?? '');
  await announce(trx, ChatEvents.MessageSent, metadataOf(ctx), now, {
    conversationId: conversation.id,
    conversationType: conversation.type,
    conversationName: conversation.name,
    participantIds,
    // Whoever muted the conversation is told nothing (the hub still carries the message to their open screens).
    recipientIds: participants.filter((p) => p.user_id !== ctx.userId && !p.muted).map((p) => p.user_id),
    senderName: `${senderFirst} ${senderLast}`.trim() || 'Someone',
    preview,
    link: `/dashboard/chat?c=${conversation.id}`,
    message: {
      _id: row.id,
      conversationId: conversation.id,
      seq: row.seq,
      sender: { _id: ctx.userId, firstName: senderFirst, lastName: senderLast },
      type: row.type,
      text: row.text,
      replyToId: row.reply_to_id,
      attachments: files.map((f) => ({ _id: f.id, originalName: f.original_name, mimeType: f.mime_type, size: f.size, hasThumbnail: f.thumb_key !== null })),
      createdAt: now.toISOString(),
    },
  });
  return row;
};

export const sendMessage = async (
  { db, clock, signer }: Pick<ChatDeps, 'db' | 'clock' | 'signer'>,
  ctx: Caller,
  id: string,
  body: { content: string; replyTo: string | null },
): Promise<Message> => {
  const now = clock();
  const row = await db
    .transaction()
    .execute(async (trx) => postMessage(trx, ctx, await requireParticipant(trx, ctx, id), { text: body.content, replyTo: body.replyTo, type: 'text' }, now));
  return (await toMessages(db, ctx, signer, [row], now))[0]!;
};

const oneMessage = async ({ db, clock, signer }: Pick<ChatDeps, 'db' | 'clock' | 'signer'>, ctx: Caller, id: string) => {
  const row = await findMessage(db, ctx.orgId, id);
  if (!row) throw notFound('Message');
  return (await toMessages(db, ctx, signer, [row], clock()))[0]!;
};

export const toggleReaction = async (deps: Pick<ChatDeps, 'db' | 'clock' | 'signer'>, ctx: Caller, messageId: string, emoji: string): Promise<Message> => {
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const { message } = await requireMessage(trx, ctx, messageId);
    if (message.is_deleted) throw badRequest('A deleted message cannot get reactions');
    const removed = await trx
      .deleteFrom('reactions')
      .where('message_id', '=', messageId)
      .where('user_id', '=', ctx.userId)
      .where('emoji', '=', emoji)
      .executeTakeFirst();
    const added = Number(removed.numDeletedRows) === 0;
    if (added) {
      const kinds = new Set((await reactionsOf(trx, [messageId])).map((r) => r.emoji));
      if (!kinds.has(emoji) && kinds.size >= 20) throw badRequest('This message has the most different reactions already');
      await trx.insertInto('reactions').values({ message_id: messageId, user_id: ctx.userId, emoji, created_at: now }).execute();
    }
    await announce(trx, ChatEvents.ReactionToggled, metadataOf(ctx), now, {
      conversationId: message.conversation_id,
      messageId,
      participantIds: await participantIdsOf(trx, message.conversation_id),
      userId: ctx.userId,
      emoji,
      added,
      reactions: groupReactions(await reactionsOf(trx, [messageId])),
    });
  });
  return oneMessage(deps, ctx, messageId);
};

/**
 * Its sender changes a text message's words (domain/edit.ts decides). The message row keeps the newest text and the
 * time of the edit; chat.message_edited keeps every edit (the text before and after) in the event stream, and the hub
 * carries it to the participants in the conversation's order.
 */
export const editMessage = async (deps: Pick<ChatDeps, 'db' | 'clock' | 'signer'>, ctx: Caller, messageId: string, text: string): Promise<Message> => {
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await requireMessage(trx, ctx, messageId);
    // Locked, so two edits (or an edit and a deletion) of one message are ordered.
    const message = await trx
      .selectFrom('messages')
      .select(['id', 'conversation_id', 'seq', 'sender_id', 'type', 'text', 'is_deleted', 'created_at'])
      .where('id', '=', messageId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const d = decideEdit(
      { senderId: message.sender_id, type: message.type, text: message.text, isDeleted: message.is_deleted, createdAt: message.created_at },
      ctx.userId,
      text,
      now,
    );
    if (d.kind === 'refused') throw new AppError(d.status, d.code, d.message);
    if (d.kind === 'unchanged') return;
    await trx.updateTable('messages').set({ text: d.text, edited_at: now }).where('id', '=', messageId).execute();
    await announce(trx, ChatEvents.MessageEdited, metadataOf(ctx), now, {
      conversationId: message.conversation_id,
      messageId,
      seq: message.seq,
      participantIds: await participantIdsOf(trx, message.conversation_id),
      editedBy: ctx.userId,
      previousText: d.previousText,
      text: d.text,
      editedAt: now.toISOString(),
    });
  });
  return oneMessage(deps, ctx, messageId);
};

/** Deleted for everyone: by its sender, or by an admin of the group or broadcast. Deleting twice changes nothing. */
export const deleteMessage = async (deps: Pick<ChatDeps, 'db' | 'clock' | 'signer' | 'storage'>, ctx: Caller, messageId: string): Promise<Message> => {
  const now = deps.clock();
  const files = await deps.db.transaction().execute(async (trx) => {
    const { message, conversation, participant } = await requireMessage(trx, ctx, messageId);
    const groupAdmin = conversation.type !== 'direct' && participant.role === 'admin';
    if (message.sender_id !== ctx.userId && !groupAdmin) throw forbidden('Only the sender or a group admin can delete this message');
    if (message.is_deleted) return [];
    await trx
      .updateTable('messages')
      .set({ is_deleted: true, deleted_at: now, deleted_by: ctx.userId, text: '', pinned_at: null, pinned_by: null })
      .where('id', '=', messageId)
      .execute();
    await trx.deleteFrom('reactions').where('message_id', '=', messageId).execute();
    const gone = await trx.selectFrom('attachments').select(['storage_key', 'thumb_key']).where('message_id', '=', messageId).execute();
    await announce(trx, ChatEvents.MessageDeleted, metadataOf(ctx), now, {
      conversationId: message.conversation_id,
      messageId,
      participantIds: await participantIdsOf(trx, message.conversation_id),
      deletedBy: ctx.userId,
    });
    return gone;
  });
  // The bytes go once the deletion is committed (a failure here leaves an unreachable file, never a broken message).
  for (const f of files) for (const key of [f.storage_key, f.thumb_key]) if (key) await deps.storage.remove(key).catch(() => undefined);
  return oneMessage(deps, ctx, messageId);
};

export const togglePin = async (deps: Pick<ChatDeps, 'db' | 'clock' | 'signer'>, ctx: Caller, messageId: string): Promise<Message> => {
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const { message, conversation, participant } = await requireMessage(trx, ctx, messageId);
    if (conversation.type === 'broadcast' && participant.role !== 'admin') throw forbidden('Only the broadcast’s admins can pin messages');
    if (message.is_deleted) throw badRequest('A deleted message cannot be pinned');
    // One pin change at a time per conversation, so the limit holds.
    await trx.selectFrom('conversations').select('id').where('id', '=', conversation.id).forUpdate().execute();
    const isPinned = message.pinned_at === null;
    if (isPinned) {
      const pinned = await trx
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('conversation_id', '=', conversation.id)
        .where('pinned_at', 'is not', null)
        .where('is_deleted', '=', false)
        .executeTakeFirstOrThrow();
      if (Number(pinned.n) >= CHAT_MAX_PINS) throw new AppError(409, 'PIN_LIMIT_REACHED', `At most ${CHAT_MAX_PINS} messages can be pinned; unpin one first`);
    }
    await trx
      .updateTable('messages')
      .set(isPinned ? { pinned_at: now, pinned_by: ctx.userId } : { pinned_at: null, pinned_by: null })
      .where('id', '=', messageId)
      .execute();
    await announce(trx, ChatEvents.MessagePinned, metadataOf(ctx), now, {
      conversationId: conversation.id,
      messageId,
      participantIds: await participantIdsOf(trx, conversation.id),
      isPinned,
      by: ctx.userId,
    });
  });
  return oneMessage(deps, ctx, messageId);
};

/** Moves the caller's read mark forward (to a message, or to the newest). */
export const markRead = async ({ db, clock }: Pick<ChatDeps, 'db' | 'clock'>, ctx: Caller, id: string, messageId: string | undefined): Promise<ReadState> => {
  const now = clock();
  return db.transaction().execute(async (trx) => {
    const { conversation, participant } = await requireParticipant(trx, ctx, id);
    let seq = conversation.last_seq;
    if (messageId) {
      const m = await findMessage(trx, ctx.orgId, messageId);
      if (!m || m.conversation_id !== conversation.id)
        throw badRequest('Not a message of this conversation', [{ path: 'messageId', message: 'Not a valid message' }]);
      seq = m.seq;
    }
    let lastReadAt = participant.last_read_at;
    if (seq > participant.last_read_seq) {
      lastReadAt = now;
      await trx
        .updateTable('participants')
        .set({ last_read_seq: seq, last_read_at: now })
        .where('conversation_id', '=', id)
        .where('user_id', '=', ctx.userId)
        .execute();
      await announce(trx, ChatEvents.ConversationRead, metadataOf(ctx), now, {
        conversationId: id,
        participantIds: await participantIdsOf(trx, id),
        userId: ctx.userId,
        lastReadAt: now.toISOString(),
        lastReadSeq: seq,
      });
    }
    const unread = await trx
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('conversation_id', '=', id)
      .where('seq', '>', Math.max(seq, participant.last_read_seq))
      .where('sender_id', '<>', ctx.userId)
      .where('is_deleted', '=', false)
      .executeTakeFirstOrThrow();
    return { conversationId: id, lastReadAt: lastReadAt?.toISOString() ?? null, unreadCount: Number(unread.n) };
  });
};

/**
 * "Typing…": through the outbox like every chat event (the hub's sockets carry nothing from the browser but a token,
 * and only this service knows who is in a conversation). The app sends it at most every 3 s; screens drop it after 6 s.
 */
export const typing = async ({ db, clock }: Pick<ChatDeps, 'db' | 'clock'>, ctx: Caller, id: string, isTyping: boolean) => {
  const now = clock();
  await db.transaction().execute(async (trx) => {
    await requireParticipant(trx, ctx, id);
    await announce(trx, ChatEvents.Typing, metadataOf(ctx), now, {
      conversationId: id,
      participantIds: await participantIdsOf(trx, id),
      userId: ctx.userId,
      name: ctx.name.trim() || 'Someone',
      isTyping,
    });
  });
  return { isTyping };
};
