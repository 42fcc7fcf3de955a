import {
  FEEDBACK_RATE_LIMIT_PER_HOUR,
  type Feedback,
  type FeedbackListQuery,
  type FeedbackStatusBody,
  type MyFeedbackQuery,
  type RespondFeedbackBody,
  type SubmitFeedbackBody,
} from '@akhada/contracts';
import { AppError, executeCommand, inTransaction, isStaff, metadataOf, newId, notFound, type RequestContext } from '@akhada/kit';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import { ticketAggregate } from '../aggregates/ticket.ts';
import { authorKeyOf, existingAuthorKeyOf } from '../db/author-keys.ts';
import { namesFor } from '../db/names-repo.ts';
import type { FeedbackDb, FeedbackTable } from '../db/schema.ts';
import type { TicketCommand } from '../domain/ticket/decider.ts';
import { toFeedback } from '../views/feedback-view.ts';
import type { FeedbackDeps } from './deps.ts';

type Deps = Pick<FeedbackDeps, 'db' | 'clock'>;
type Db = Kysely<FeedbackDb> | Transaction<FeedbackDb>;

const view = async (db: Db, ctx: RequestContext, rows: FeedbackTable[]): Promise<Feedback[]> => {
  const key = await existingAuthorKeyOf(db, ctx.orgId, ctx.userId);
  const names = await namesFor(db, ctx.orgId, rows);
  return rows.map((r) => toFeedback(r, key, names));
};

/**
 * A ticket the caller may see: staff of its location, or its author (by keyed hash). Anything else, another
 * organization's ticket included, is "not found" (the same answer for every id).
 */
const visibleTicket = async (db: Db, ctx: RequestContext, id: string): Promise<{ row: FeedbackTable; mine: boolean }> => {
  const row = await db
    .selectFrom('feedback')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', ctx.orgId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Feedback');
  const mine = row.author_key === (await existingAuthorKeyOf(db, ctx.orgId, ctx.userId));
  if (mine) return { row, mine };
  if (isStaff(ctx) && ctx.locationIds.includes(row.location_id)) return { row, mine };
  throw notFound('Feedback');
};

const reload = async (db: Db, ctx: RequestContext, id: string): Promise<Feedback> => {
  const row = await db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return (await view(db, ctx, [row]))[0]!;
};

/** Metadata of a command; the author acting on their anonymous ticket leaves no actor in the event store. */
const metaFor = (ctx: RequestContext, locationId: string, hideActor: boolean) => {
  const meta = metadataOf(ctx, { locationId });
  if (hideActor) delete meta.actorId;
  return meta;
};

const run = (trx: Transaction<FeedbackDb>, id: string, command: TicketCommand, meta: ReturnType<typeof metaFor>, expectedVersion?: number) =>
  executeCommand(trx, ticketAggregate, id, command, meta, {
    expectedVersion,
    onStale: () => new AppError(409, 'CONCURRENCY_CONFLICT', 'Someone else changed this feedback; reload and try again'),
  });

export const submitFeedback = async (deps: Deps, ctx: RequestContext, body: z.output<typeof SubmitFeedbackBody>): Promise<Feedback> => {
  const id = newId();
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const key = await authorKeyOf(trx, ctx.orgId, ctx.userId);
    // One person's submissions in order (so two at once cannot both pass the limit), anonymous ones included.
    await sql`select pg_advisory_xact_lock(hashtext(${`feedback:${key}`}))`.execute(trx);
    const recent = await trx
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('author_key', '=', key)
      .where('created_at', '>', new Date(now.getTime() - 3_600_000))
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= FEEDBACK_RATE_LIMIT_PER_HOUR)
      throw new AppError(429, 'RATE_LIMITED', 'You have sent a lot of feedback in the last hour; please try again later');
    const member =
      ctx.role === 'member'
        ? await trx.selectFrom('members').selectAll().where('id', '=', ctx.userId).where('org_id', '=', ctx.orgId).executeTakeFirst()
        : undefined;
    const locationId = member?.location_id ?? ctx.locationIds[0];
    if (!locationId) throw new AppError(403, 'LOCATION_NOT_ALLOWED', 'You are not in any location of this gym');
    let trainerId: string | null = null;
    if (body.type === 'trainer') {
      trainerId = body.trainerId ?? member?.trainer_id ?? null;
      if (!trainerId)
        throw new AppError(400, 'VALIDATION_FAILED', 'Choose the trainer this feedback is about', [{ path: 'trainerId', message: 'Choose a trainer' }]);
      const t = await trx
        .selectFrom('trainers')
        .select('id')
        .where('id', '=', trainerId)
        .where('org_id', '=', ctx.orgId)
        .where('status', '!=', 'archived')
        .executeTakeFirst();
      if (!t) throw notFound('Trainer');
    }
    await run(
      trx,
      id,
      {
        type: 'SubmitFeedback',
        data: {
          feedbackId: id,
          orgId: ctx.orgId,
          locationId,
          type: body.type,
          rating: body.rating.overall,
          title: body.title,
          description: body.description,
          complaintCategory: body.complaintCategory,
          priority: body.priority,
          isAnonymous: body.isAnonymous,
          emoji: body.emoji ?? null,
          tags: body.tags,
          authorId: ctx.userId,
          authorName: ctx.name,
          authorKey: key,
          trainerId,
          submittedAt: now.toISOString(),
        },
      },
      metaFor(ctx, locationId, body.isAnonymous),
    );
    return reload(trx, ctx, id);
  });
};

const page = <T>(data: T[], total: number, p: number, limit: number) => ({
  success: true as const,
  data,
  totalCount: total,
  pagination: { page: p, limit, totalPages: Math.ceil(total / limit) },
});

/** The staff queue: tickets of the caller's locations (a location filter outside them finds nothing). */
export const listFeedback = async (deps: Deps, ctx: RequestContext, q: z.output<typeof FeedbackListQuery>) => {
  const locations = q.locationId ? ctx.locationIds.filter((l) => l === q.locationId) : ctx.locationIds;
  if (locations.length === 0) return page([], 0, q.page, q.limit);
  let base = deps.db.selectFrom('feedback').where('org_id', '=', ctx.orgId).where('archived_at', 'is', null).where('location_id', 'in', locations);
  if (q.type) base = base.where('type', '=', q.type);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.priority) base = base.where('priority', '=', q.priority);
  if (q.complaintCategory) base = base.where('complaint_category', '=', q.complaintCategory);
  if (q.trainerId) base = base.where('trainer_id', '=', q.trainerId);
  if (q.assignedTo) base = base.where('assigned_to', '=', q.assignedTo);
  if (q.rating) base = base.where('rating', '=', q.rating);
  if (q.from) base = base.where('created_at', '>=', new Date(`${q.from}T00:00:00+05:30`));
  if (q.to) base = base.where('created_at', '<', new Date(new Date(`${q.to}T00:00:00+05:30`).getTime() + 86_400_000));
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('title', 'ilike', like), eb('description', 'ilike', like)]));
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return page(await view(deps.db, ctx, rows), total, q.page, q.limit);
};

export const myFeedback = async (deps: Deps, ctx: RequestContext, q: z.output<typeof MyFeedbackQuery>) => {
  const key = await existingAuthorKeyOf(deps.db, ctx.orgId, ctx.userId);
  if (!key) return page([], 0, q.page, q.limit);
  let base = deps.db.selectFrom('feedback').where('org_id', '=', ctx.orgId).where('author_key', '=', key).where('archived_at', 'is', null);
  if (q.status) base = base.where('status', '=', q.status);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return page(await view(deps.db, ctx, rows), total, q.page, q.limit);
};

export const getFeedback = async (deps: Deps, ctx: RequestContext, id: string): Promise<Feedback> => {
  const { row } = await visibleTicket(deps.db, ctx, id);
  return (await view(deps.db, ctx, [row]))[0]!;
};

/** Staff change the status; the author may only reopen (status open) within the window. */
export const changeStatus = async (deps: Deps, ctx: RequestContext, id: string, body: z.output<typeof FeedbackStatusBody>): Promise<Feedback> =>
  inTransaction(deps.db, async (trx) => {
    const { row } = await visibleTicket(trx, ctx, id);
    const asStaff = isStaff(ctx) && ctx.locationIds.includes(row.location_id);
    if (!asStaff && body.status !== 'open') throw new AppError(403, 'FORBIDDEN', 'Only staff can change the status of feedback');
    await run(
      trx,
      id,
      { type: 'ChangeStatus', data: { to: body.status, byAuthor: !asStaff, at: deps.clock().toISOString(), note: body.note } },
      metaFor(ctx, row.location_id, !asStaff && row.is_anonymous),
      body.expectedVersion,
    );
    return reload(trx, ctx, id);
  });

const staffTicket = async (db: Db, ctx: RequestContext, id: string): Promise<FeedbackTable> => {
  const row = await db
    .selectFrom('feedback')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', ctx.orgId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (!row || !ctx.locationIds.includes(row.location_id)) throw notFound('Feedback');
  return row;
};

export const respondToFeedback = async (deps: Deps, ctx: RequestContext, id: string, body: z.output<typeof RespondFeedbackBody>): Promise<Feedback> =>
  inTransaction(deps.db, async (trx) => {
    const row = await staffTicket(trx, ctx, id);
    await run(
      trx,
      id,
      { type: 'RespondToFeedback', data: { message: body.message, byId: ctx.userId, byName: ctx.name, at: deps.clock().toISOString(), status: body.status } },
      metaFor(ctx, row.location_id, false),
    );
    return reload(trx, ctx, id);
  });

export const assignFeedback = async (deps: Deps, ctx: RequestContext, id: string, assigneeId: string | null): Promise<Feedback> =>
  inTransaction(deps.db, async (trx) => {
    const row = await staffTicket(trx, ctx, id);
    if (assigneeId) {
      const staff = await trx.selectFrom('staff').select('id').where('id', '=', assigneeId).where('org_id', '=', ctx.orgId).executeTakeFirst();
      if (!staff) throw notFound('Staff member');
    }
    await run(
      trx,
      id,
      { type: 'AssignFeedback', data: { assigneeId, byId: ctx.userId, at: deps.clock().toISOString() } },
      metaFor(ctx, row.location_id, false),
    );
    return reload(trx, ctx, id);
  });

export const archiveFeedback = async (deps: Deps, ctx: RequestContext, id: string): Promise<void> =>
  inTransaction(deps.db, async (trx) => {
    const row = await staffTicket(trx, ctx, id);
    await run(trx, id, { type: 'ArchiveFeedback', data: { at: deps.clock().toISOString() } }, metaFor(ctx, row.location_id, false));
  });

export const assignees = async (deps: Deps, ctx: RequestContext) => {
  const rows = await deps.db.selectFrom('staff').selectAll().where('org_id', '=', ctx.orgId).orderBy('first_name').orderBy('last_name').execute();
  return rows.map((r) => ({ _id: r.id, firstName: r.first_name, lastName: r.last_name, role: r.role }));
};
