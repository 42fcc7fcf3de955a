import { ChatEvents, CreateConversationBody, ParticipantsBody, type Conversation, type ConversationListQuery } from '@akhada/contracts';
import { badRequest, forbidden, isStaff, metadataOf, newId, notFound } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { announce } from '../db/announce.ts';
import { conversationIdsOf, findDirect, participantsOf, type ConversationRow } from '../db/chat-repo.ts';
import { findPeople, toPerson } from '../db/people-repo.ts';
import type { ChatDb } from '../db/schema.ts';
import { mayReach, type Person } from '../domain/reach.ts';
import { displayName, toConversations } from '../views/chat-views.ts';
import { callerPerson, chatNotAllowed, requireParticipant, type Caller } from './access.ts';
import type { ChatDeps } from './deps.ts';

type Trx = Transaction<ChatDb>;

export const listConversations = async ({ db }: Pick<ChatDeps, 'db'>, ctx: Caller, q: ConversationListQuery): Promise<Conversation[]> => {
  // Filtering by name needs the participants' names: read a wider window, then filter and cut.
  const rows = await conversationIdsOf(db, ctx.orgId, ctx.userId, { type: q.type, limit: q.search || q.unread ? 500 : q.limit });
  let list = await toConversations(db, ctx, rows);
  if (q.search) {
    const s = q.search.toLocaleLowerCase();
    list = list.filter(
      (c) =>
        (c.name ?? '').toLocaleLowerCase().includes(s) ||
        c.participants.some((p) => p.user._id !== ctx.userId && `${p.user.firstName} ${p.user.lastName}`.toLocaleLowerCase().includes(s)),
    );
  }
  if (q.unread) list = list.filter((c) => c.unreadCount > 0);
  return list.slice(0, q.limit);
};

export const getConversation = async ({ db }: Pick<ChatDeps, 'db'>, ctx: Caller, id: string): Promise<Conversation> => {
  const { conversation } = await requireParticipant(db, ctx, id);
  return (await toConversations(db, ctx, [conversation]))[0]!;
};

export const directKey = (a: string, b: string) => [a, b].sort().join(':');

/** The people a caller names, each of their organization (else 404) and reachable by them (else 403). */
const reachable = async (trx: Trx, ctx: Caller, me: Person, ids: readonly string[]) => {
  const rows = await findPeople(trx, ctx.orgId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw notFound('User');
    if (!mayReach(me, toPerson(row))) throw chatNotAllowed(displayName(row));
  }
  return byId;
};

/** Opens (or finds) the direct conversation of the caller and another person; `created` tells whether it is new. */
export const openDirect = async (trx: Trx, ctx: Caller, otherId: string, now: Date, opts: { checkReach: boolean }) => {
  if (otherId === ctx.userId) throw badRequest('You cannot start a chat with yourself', [{ path: 'participants', message: 'Choose someone else' }]);
  if (opts.checkReach) await reachable(trx, ctx, await callerPerson(trx, ctx), [otherId]);
  const key = directKey(ctx.userId, otherId);
  const existing = await findDirect(trx, ctx.orgId, key);
  if (existing) {
    // Someone who left a direct conversation is back in it when it is opened again.
    await trx.updateTable('participants').set({ left_at: null }).where('conversation_id', '=', existing.id).execute();
    return { row: existing, created: false };
  }
  const row: ConversationRow = {
    id: newId(),
    org_id: ctx.orgId,
    type: 'direct',
    name: null,
    description: '',
    group_type: 'general',
    created_by: ctx.userId,
    direct_key: key,
    last_seq: 0,
    created_at: now,
    updated_at: now,
  };
  const inserted = await trx
    .insertInto('conversations')
    .values(row)
    .onConflict((oc) => oc.columns(['org_id', 'direct_key']).where('direct_key', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) return { row: (await findDirect(trx, ctx.orgId, key))!, created: false };
  const ids = [ctx.userId, otherId];
  await trx
    .insertInto('participants')
    .values(
      ids.map((user_id) => ({
        conversation_id: row.id,
        user_id,
        org_id: ctx.orgId,
        role: 'member' as const,
        joined_at: now,
        last_read_seq: 0,
        last_read_at: null,
        left_at: null,
      })),
    )
    .execute();
  await announce(trx, ChatEvents.ConversationCreated, metadataOf(ctx), now, {
    conversationId: row.id,
    type: 'direct',
    name: null,
    groupType: 'general',
    createdBy: ctx.userId,
    participantIds: ids,
    participants: ids.map((userId) => ({ userId, role: 'member' as const })),
  });
  return { row, created: true };
};

export const createConversation = async (
  { db, clock }: Pick<ChatDeps, 'db' | 'clock'>,
  ctx: Caller,
  body: z.output<typeof CreateConversationBody>,
): Promise<{ conversation: Conversation; created: boolean }> => {
  const now = clock();
  const result = await db.transaction().execute(async (trx) => {
    if (body.type === 'direct') return openDirect(trx, ctx, body.participants[0]!.user, now, { checkReach: true });
    // Any role may open a group (the contract's roles); the kind of conversation in the body decides who may open a broadcast.
    if (body.type === 'broadcast' && !isStaff(ctx)) throw forbidden('Only staff can send broadcasts');
    const me = await callerPerson(trx, ctx);
    const others = [...new Set(body.participants.map((p) => p.user))].filter((id) => id !== ctx.userId);
    if (others.length === 0) throw badRequest('Choose at least one member', [{ path: 'participants', message: 'Choose at least one member' }]);
    await reachable(trx, ctx, me, others);
    const admins = new Set([ctx.userId, ...body.admins, ...body.participants.filter((p) => p.role === 'admin').map((p) => p.user)]);
    const row: ConversationRow = {
      id: newId(),
      org_id: ctx.orgId,
      type: body.type,
      name: body.name ?? null,
      description: body.description,
      group_type: body.groupType,
      created_by: ctx.userId,
      direct_key: null,
      last_seq: 0,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('conversations').values(row).execute();
    const ids = [ctx.userId, ...others];
    const parts = ids.map((user_id) => ({ user_id, role: admins.has(user_id) ? ('admin' as const) : ('member' as const) }));
    await trx
      .insertInto('participants')
      .values(parts.map((p) => ({ conversation_id: row.id, org_id: ctx.orgId, joined_at: now, last_read_seq: 0, last_read_at: null, left_at: null, ...p })))
      .execute();
    await announce(trx, ChatEvents.ConversationCreated, metadataOf(ctx), now, {
      conversationId: row.id,
      type: row.type,
      name: row.name,
      groupType: row.group_type,
      createdBy: ctx.userId,
      participantIds: ids,
      participants: parts.map((p) => ({ userId: p.user_id, role: p.role })),
    });
    return { row, created: true };
  });
  return { conversation: (await toConversations(db, ctx, [result.row]))[0]!, created: result.created };
};

/** A group admin adds or removes people; anyone may remove themselves (leave). */
export const changeParticipants = async (
  { db, clock }: Pick<ChatDeps, 'db' | 'clock'>,
  ctx: Caller,
  id: string,
  body: z.output<typeof ParticipantsBody>,
): Promise<Conversation> => {
  const now = clock();
  await db.transaction().execute(async (trx) => {
    const { conversation, participant } = await requireParticipant(trx, ctx, id);
    if (conversation.type === 'direct') throw badRequest('A direct conversation is between two people; start a group to add more');
    const onlyLeaving = body.add.length === 0 && body.remove.every((u) => u === ctx.userId);
    if (participant.role !== 'admin' && !onlyLeaving) throw forbidden('Only the group’s admins can add or remove people');
    const current = await participantsOf(trx, [id]);
    const present = new Set(current.map((p) => p.user_id));
    const toAdd = [...new Set(body.add.map((p) => p.user))].filter((u) => !present.has(u));
    if (toAdd.length > 0) await reachable(trx, ctx, await callerPerson(trx, ctx), toAdd);
    const toRemove = [...new Set(body.remove)].filter((u) => present.has(u));
    if (present.size + toAdd.length > 200) throw badRequest('A group has at most 200 people');
    for (const p of body.add.filter((a) => toAdd.includes(a.user))) {
      await trx
        .insertInto('participants')
        .values({ conversation_id: id, user_id: p.user, org_id: ctx.orgId, role: p.role, joined_at: now, last_read_seq: 0, last_read_at: null, left_at: null })
        .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doUpdateSet({ left_at: null, role: p.role, joined_at: now }))
        .execute();
    }
    if (toRemove.length > 0)
      await trx.updateTable('participants').set({ left_at: now }).where('conversation_id', '=', id).where('user_id', 'in', toRemove).execute();
    if (toAdd.length + toRemove.length === 0) return;
    const after = [...present, ...toAdd].filter((u) => !toRemove.includes(u));
    await trx.updateTable('conversations').set({ updated_at: now }).where('id', '=', id).execute();
    await announce(trx, ChatEvents.ParticipantsChanged, metadataOf(ctx), now, {
      conversationId: id,
      participantIds: after,
      added: toAdd,
      removed: toRemove,
      by: ctx.userId,
    });
  });
  if (body.remove.includes(ctx.userId)) {
    const row = await db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return (await toConversations(db, ctx, [row]))[0]!;
  }
  return getConversationAfter(db, ctx, id);
};

/** The caller mutes or unmutes a conversation of theirs (their own setting: no event, nobody else is told). */
export const setMuted = async ({ db }: Pick<ChatDeps, 'db'>, ctx: Caller, id: string, muted: boolean): Promise<Conversation> => {
  await requireParticipant(db, ctx, id);
  await db.updateTable('participants').set({ muted }).where('conversation_id', '=', id).where('user_id', '=', ctx.userId).execute();
  return getConversationAfter(db, ctx, id);
};

const getConversationAfter = async (db: ChatDeps['db'], ctx: Caller, id: string) => {
  const { conversation } = await requireParticipant(db, ctx, id);
  return (await toConversations(db, ctx, [conversation]))[0]!;
};
