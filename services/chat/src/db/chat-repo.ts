import type { Executor } from '@akhada/kit';
import { sql, type Selectable } from 'kysely';
import type { ChatDb, ConversationsTable, MessagesTable, ParticipantsTable } from './schema.ts';

export type ConversationRow = ConversationsTable;
export type MessageRow = Omit<MessagesTable, 'search'>;
export type ParticipantRow = Selectable<ParticipantsTable>;

const MESSAGE_COLUMNS = [
  'id',
  'conversation_id',
  'org_id',
  'seq',
  'sender_id',
  'type',
  'text',
  'reply_to_id',
  'is_deleted',
  'deleted_at',
  'deleted_by',
  'pinned_at',
  'pinned_by',
  'edited_at',
  'created_at',
] as const;

export const findConversation = (db: Executor<ChatDb>, orgId: string, id: string) =>
  db.selectFrom('conversations').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();

export const lockConversation = (db: Executor<ChatDb>, orgId: string, id: string) =>
  db.selectFrom('conversations').selectAll().where('org_id', '=', orgId).where('id', '=', id).forUpdate().executeTakeFirst();

export const findDirect = (db: Executor<ChatDb>, orgId: string, key: string) =>
  db.selectFrom('conversations').selectAll().where('org_id', '=', orgId).where('direct_key', '=', key).executeTakeFirst();

/** The caller's membership of a conversation (present, not left), or undefined. */
export const findParticipant = (db: Executor<ChatDb>, conversationId: string, userId: string) =>
  db
    .selectFrom('participants')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .where('left_at', 'is', null)
    .executeTakeFirst();

export const participantsOf = (db: Executor<ChatDb>, conversationIds: readonly string[]) =>
  conversationIds.length === 0
    ? Promise.resolve([] as ParticipantRow[])
    : db
        .selectFrom('participants')
        .selectAll()
        .where('conversation_id', 'in', [...conversationIds])
        .where('left_at', 'is', null)
        .orderBy('joined_at')
        .execute();

export const participantIdsOf = async (db: Executor<ChatDb>, conversationId: string): Promise<string[]> =>
  (await participantsOf(db, [conversationId])).map((p) => p.user_id);

/** Ids of the caller's conversations, newest activity first. */
export const conversationIdsOf = async (
  db: Executor<ChatDb>,
  orgId: string,
  userId: string,
  f: { type?: string | undefined; limit: number },
): Promise<ConversationRow[]> => {
  let q = db
    .selectFrom('conversations as c')
    .innerJoin('participants as p', 'p.conversation_id', 'c.id')
    .selectAll('c')
    .where('c.org_id', '=', orgId)
    .where('p.user_id', '=', userId)
    .where('p.left_at', 'is', null);
  if (f.type) q = q.where('c.type', '=', f.type as ConversationRow['type']);
  return q.orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc').limit(f.limit).execute();
};

export const lastMessages = async (db: Executor<ChatDb>, conversationIds: readonly string[]): Promise<MessageRow[]> =>
  conversationIds.length === 0
    ? []
    : db
        .selectFrom('messages')
        .select(MESSAGE_COLUMNS)
        .distinctOn('conversation_id')
        .where('conversation_id', 'in', [...conversationIds])
        .orderBy('conversation_id')
        .orderBy('seq', 'desc')
        .execute();

/** Unread messages per conversation for one person: after their read mark, not their own, not deleted. */
export const unreadCounts = async (db: Executor<ChatDb>, userId: string, conversationIds: readonly string[]): Promise<Map<string, number>> => {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('messages as m')
    .innerJoin('participants as p', (j) => j.onRef('p.conversation_id', '=', 'm.conversation_id').on('p.user_id', '=', userId))
    .select(['m.conversation_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('m.conversation_id', 'in', [...conversationIds])
    .whereRef('m.seq', '>', 'p.last_read_seq')
    .where('m.sender_id', '<>', userId)
    .where('m.is_deleted', '=', false)
    .groupBy('m.conversation_id')
    .execute();
  return new Map(rows.map((r) => [r.conversation_id, Number(r.n)]));
};

export const pinnedIds = async (db: Executor<ChatDb>, conversationIds: readonly string[]): Promise<Map<string, string[]>> => {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'conversation_id'])
    .where('conversation_id', 'in', [...conversationIds])
    .where('pinned_at', 'is not', null)
    .where('is_deleted', '=', false)
    .orderBy('pinned_at', 'desc')
    .execute();
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.conversation_id, [...(out.get(r.conversation_id) ?? []), r.id]);
  return out;
};

export const findMessage = (db: Executor<ChatDb>, orgId: string, id: string) =>
  db.selectFrom('messages').select(MESSAGE_COLUMNS).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();

export const messagesByIds = (db: Executor<ChatDb>, ids: readonly string[]): Promise<MessageRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('messages')
        .select(MESSAGE_COLUMNS)
        .where('id', 'in', [...ids])
        .execute();

/** A page of messages before `beforeSeq` (newest first as read; the caller reverses). */
export const messagePage = (db: Executor<ChatDb>, conversationId: string, beforeSeq: number | null, limit: number) => {
  let q = db.selectFrom('messages').select(MESSAGE_COLUMNS).where('conversation_id', '=', conversationId);
  if (beforeSeq !== null) q = q.where('seq', '<', beforeSeq);
  return q.orderBy('seq', 'desc').limit(limit).execute();
};

export const insertMessage = async (
  db: Executor<ChatDb>,
  m: Omit<MessageRow, 'seq' | 'is_deleted' | 'deleted_at' | 'deleted_by' | 'pinned_at' | 'pinned_by' | 'edited_at'>,
) => {
  const conv = await db
    .updateTable('conversations')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1), updated_at: m.created_at }))
    .where('id', '=', m.conversation_id)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  const row: MessageRow = {
    ...m,
    seq: conv.last_seq,
    is_deleted: false,
    deleted_at: null,
    deleted_by: null,
    pinned_at: null,
    pinned_by: null,
    edited_at: null,
  };
  await db.insertInto('messages').values(row).execute();
  return row;
};

export const reactionsOf = (db: Executor<ChatDb>, messageIds: readonly string[]) =>
  messageIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('reactions')
        .selectAll()
        .where('message_id', 'in', [...messageIds])
        .orderBy('created_at')
        .execute();

export const attachmentsOf = (db: Executor<ChatDb>, messageIds: readonly string[]) =>
  messageIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('attachments')
        .selectAll()
        .where('message_id', 'in', [...messageIds])
        .orderBy('created_at')
        .execute();

export const searchMessages = (
  db: Executor<ChatDb>,
  orgId: string,
  userId: string,
  q: { query: string; conversationId?: string | undefined; limit: number },
) => {
  const tsq = sql`websearch_to_tsquery('simple', ${q.query})`;
  let query = db
    .selectFrom('messages as m')
    .innerJoin('participants as p', (j) => j.onRef('p.conversation_id', '=', 'm.conversation_id').on('p.user_id', '=', userId).on('p.left_at', 'is', null))
    .select(MESSAGE_COLUMNS.map((c) => `m.${c}` as const))
    .select(sql<string>`ts_headline('simple', m.text, ${tsq}, 'StartSel=«, StopSel=», MaxWords=20, MinWords=5, MaxFragments=1')`.as('snippet'))
    .where('m.org_id', '=', orgId)
    .where('m.is_deleted', '=', false)
    .where(sql<boolean>`m.search @@ ${tsq}`);
  if (q.conversationId) query = query.where('m.conversation_id', '=', q.conversationId);
  return query
    .orderBy(sql`ts_rank(m.search, ${tsq})`, 'desc')
    .orderBy('m.created_at', 'desc')
    .limit(q.limit)
    .execute();
};
