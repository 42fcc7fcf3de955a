import type { Attachment, ChatUser, Conversation, Message, Reaction } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import type { LinkSigner } from '../adapters/link-signer.ts';
import {
  attachmentsOf,
  lastMessages,
  messagesByIds,
  participantsOf,
  pinnedIds,
  reactionsOf,
  unreadCounts,
  type ConversationRow,
  type MessageRow,
} from '../db/chat-repo.ts';
import { findPeople, type PersonRow } from '../db/people-repo.ts';
import type { AttachmentsTable, ChatDb } from '../db/schema.ts';

/** How stored rows leave the service: conversations and messages in the contract's shapes, for one viewer. */
export interface Viewer {
  orgId: string;
  userId: string;
}

export const chatUser = (id: string, p: PersonRow | undefined): ChatUser => ({
  _id: id,
  firstName: p?.first_name ?? 'Former',
  lastName: p?.last_name ?? 'user',
  email: p?.email ?? '',
  avatar: p?.avatar_url ?? null,
  role: p?.role ?? 'member',
});
const sender = (id: string, p: PersonRow | undefined) => ({ _id: id, firstName: p?.first_name ?? 'Former', lastName: p?.last_name ?? 'user' });

export const displayName = (p: { first_name: string; last_name: string } | undefined): string => (p ? `${p.first_name} ${p.last_name}`.trim() : 'Someone');

const peopleMap = async (db: Executor<ChatDb>, orgId: string, ids: Iterable<string>) =>
  new Map((await findPeople(db, orgId, [...new Set(ids)])).map((p) => [p.id, p]));

const contentType = (m: MessageRow) => (m.type === 'image' || m.type === 'file' ? m.type : 'text');

export const toConversations = async (db: Executor<ChatDb>, viewer: Viewer, rows: readonly ConversationRow[]): Promise<Conversation[]> => {
  const ids = rows.map((r) => r.id);
  const [parts, lasts, unread, pins] = await Promise.all([
    participantsOf(db, ids),
    lastMessages(db, ids),
    unreadCounts(db, viewer.userId, ids),
    pinnedIds(db, ids),
  ]);
  const people = await peopleMap(db, viewer.orgId, [...parts.map((p) => p.user_id), ...lasts.map((m) => m.sender_id)]);
  const lastOf = new Map(lasts.map((m) => [m.conversation_id, m]));
  return rows.map((c) => {
    const last = lastOf.get(c.id);
    return {
      _id: c.id,
      type: c.type,
      name: c.name,
      description: c.description,
      groupType: c.group_type,
      participants: parts
        .filter((p) => p.conversation_id === c.id)
        .map((p) => ({
          user: chatUser(p.user_id, people.get(p.user_id)),
          role: p.role,
          joinedAt: p.joined_at.toISOString(),
          lastReadAt: p.last_read_at?.toISOString() ?? null,
          lastReadSeq: p.last_read_seq,
        })),
      createdBy: c.created_by,
      unreadCount: unread.get(c.id) ?? 0,
      isMuted: parts.some((p) => p.conversation_id === c.id && p.user_id === viewer.userId && p.muted),
      lastMessage: last
        ? {
            _id: last.id,
            createdAt: last.created_at.toISOString(),
            sender: sender(last.sender_id, people.get(last.sender_id)),
            content: { type: contentType(last), text: last.is_deleted ? '' : last.text },
            isDeleted: last.is_deleted,
          }
        : null,
      pinnedMessageIds: (pins.get(c.id) ?? []).slice(0, 50),
      createdAt: c.created_at.toISOString(),
      updatedAt: c.updated_at.toISOString(),
    };
  });
};

export const toAttachment = (a: AttachmentsTable, viewer: Viewer, signer: LinkSigner, now: Date): Attachment => {
  const original = signer.sign({ attachmentId: a.id, variant: 'original', userId: viewer.userId }, now);
  return {
    _id: a.id,
    originalName: a.original_name,
    mimeType: a.mime_type,
    size: a.size,
    kind: a.kind,
    url: original.url,
    thumbnailUrl: a.thumb_key ? signer.sign({ attachmentId: a.id, variant: 'thumb', userId: viewer.userId }, now).url : null,
    urlExpiresAt: original.expiresAt.toISOString(),
  };
};

export const groupReactions = (rows: readonly { emoji: string; user_id: string }[]): Reaction[] => {
  const by = new Map<string, string[]>();
  for (const r of rows) by.set(r.emoji, [...(by.get(r.emoji) ?? []), r.user_id]);
  return [...by].map(([emoji, users]) => ({ emoji, users, count: users.length }));
};

/** Messages in the order given, with senders, reply previews, signed attachment links and reactions. */
export const toMessages = async (db: Executor<ChatDb>, viewer: Viewer, signer: LinkSigner, rows: readonly MessageRow[], now: Date): Promise<Message[]> => {
  const ids = rows.map((m) => m.id);
  const replyIds = [...new Set(rows.map((m) => m.reply_to_id).filter((x): x is string => x !== null))];
  const [replies, reactions, files] = await Promise.all([messagesByIds(db, replyIds), reactionsOf(db, ids), attachmentsOf(db, [...ids, ...replyIds])]);
  const people = await peopleMap(db, viewer.orgId, [...rows.map((m) => m.sender_id), ...replies.map((m) => m.sender_id)]);
  const replyOf = new Map(replies.map((m) => [m.id, m]));
  return rows.map((m) => {
    const r = m.reply_to_id ? replyOf.get(m.reply_to_id) : undefined;
    return {
      _id: m.id,
      conversationId: m.conversation_id,
      seq: m.seq,
      sender: sender(m.sender_id, people.get(m.sender_id)),
      type: m.type,
      content: { type: contentType(m), text: m.is_deleted ? '' : m.text },
      replyTo:
        r && r.conversation_id === m.conversation_id
          ? {
              _id: r.id,
              sender: sender(r.sender_id, people.get(r.sender_id)),
              text: r.is_deleted ? '' : r.text.slice(0, 200),
              isDeleted: r.is_deleted,
              hasAttachment: files.some((f) => f.message_id === r.id),
            }
          : null,
      attachments: m.is_deleted ? [] : files.filter((f) => f.message_id === m.id).map((f) => toAttachment(f, viewer, signer, now)),
      reactions: m.is_deleted ? [] : groupReactions(reactions.filter((x) => x.message_id === m.id)),
      isPinned: m.pinned_at !== null && !m.is_deleted,
      isDeleted: m.is_deleted,
      editedAt: m.is_deleted ? null : (m.edited_at?.toISOString() ?? null),
      createdAt: m.created_at.toISOString(),
    };
  });
};
