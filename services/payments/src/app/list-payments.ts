import type { PaymentListFilters, PaymentListQuery, PersonPaymentsQuery } from '@akhada/contracts';
import { assertLocation, forbidden, isStaff, notFound, type RequestContext } from '@akhada/kit';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { PaymentsDb, PaymentsTable } from '../db/schema.ts';
import { startOfDayIn } from '@akhada/kit/domain';
import { paiseToRupees } from '../domain/money.ts';
import { toPayment } from '../views/payment-view.ts';
import { scopePayments } from './access.ts';
import type { PaymentsDeps } from './deps.ts';

type Deps = Pick<PaymentsDeps, 'db' | 'timeZone' | 'directory'>;
type Q = SelectQueryBuilder<PaymentsDb, 'payments', object>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's filters on top of the caller's scope. Dates are local days of the default zone, on created (or paid) time. */
export const filtered = (deps: Deps, ctx: RequestContext, f: PaymentListFilters): Q => {
  if (f.locationId) assertLocation(ctx, f.locationId);
  let q = scopePayments(deps.db.selectFrom('payments') as unknown as Q, ctx);
  if (f.locationId) q = q.where('payments.location_id', '=', f.locationId);
  if (f.status) q = q.where('payments.status', '=', f.status);
  if (f.member) q = q.where('payments.member_id', '=', f.member);
  if (f.trainer) q = q.where('payments.trainer_id', '=', f.trainer);
  if (f.category) q = q.where('payments.category', '=', f.category);
  if (f.method) q = q.where('payments.method', '=', f.method);
  if (f.search) q = q.where(sql<boolean>`search_text like ${`%${escapeLike(f.search.toLowerCase())}%`}`);
  const when = sql`coalesce(payments.paid_at, payments.created_at)`;
  if (f.startDate) q = q.where(sql<boolean>`${when} >= ${startOfDayIn(deps.timeZone, f.startDate)}`);
  if (f.endDate) q = q.where(sql<boolean>`${when} < ${new Date(startOfDayIn(deps.timeZone, f.endDate).getTime() + 86_400_000)}`);
  return q;
};

const SORT: Record<PaymentListQuery['sortBy'], string> = {
  createdAt: 'payments.created_at',
  paidAt: 'payments.paid_at',
  dueDate: 'payments.due_date',
  totalAmount: 'payments.total_paise',
  status: 'payments.status',
};

const summaryOf = async (q: Q) => {
  const s = await q
    .select([
      sql<string>`coalesce(sum(total_paise) filter (where status <> 'cancelled'), 0)`.as('total'),
      sql<string>`coalesce(sum(total_paise) filter (where status in ('completed', 'partially_refunded', 'refunded')), 0)`.as('completed'),
      sql<string>`coalesce(sum(total_paise) filter (where status in ('pending', 'failed')), 0)`.as('pending'),
      sql<string>`coalesce(sum(refunded_paise), 0)`.as('refunded'),
      sql<string>`count(*)`.as('n'),
    ])
    .executeTakeFirstOrThrow();
  return {
    n: Number(s.n),
    summary: {
      totalAmount: paiseToRupees(s.total),
      completedAmount: paiseToRupees(s.completed),
      pendingAmount: paiseToRupees(s.pending),
      refundedAmount: paiseToRupees(s.refunded),
    },
  };
};

/** GET /payments: the caller's payments (scoped by role), filtered, sorted, paged, with sums over every match. */
export const listPayments = async (deps: Deps, ctx: RequestContext, query: PaymentListQuery) => {
  const q = filtered(deps, ctx, query);
  const { n, summary } = await summaryOf(q);
  const dir = query.sortOrder === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const rows = await q
    .selectAll('payments')
    .orderBy(sql`${sql.ref(SORT[query.sortBy])} ${dir}`)
    .orderBy('payments.id', query.sortOrder)
    .offset((query.page - 1) * query.limit)
    .limit(query.limit)
    .execute();
  return {
    success: true as const,
    data: (rows as PaymentsTable[]).map(toPayment),
    totalCount: n,
    pagination: { page: query.page, limit: query.limit, totalPages: Math.ceil(n / query.limit) },
    summary,
  };
};

const personPage = async (deps: Deps, q: Q, query: PersonPaymentsQuery) => {
  const rows = await q
    .selectAll('payments')
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .offset((query.page - 1) * query.limit)
    .limit(query.limit)
    .execute();
  const s = await q
    .select([
      sql<string>`count(*)`.as('n'),
      sql<string>`coalesce(sum(total_paise - refunded_paise) filter (where status in ('completed', 'partially_refunded', 'refunded')), 0)`.as('paid'),
      sql<string>`coalesce(sum(total_paise) filter (where status in ('pending', 'failed')), 0)`.as('pending'),
      sql<Date | null>`max(paid_at)`.as('last'),
    ])
    .executeTakeFirstOrThrow();
  const n = Number(s.n);
  return {
    success: true as const,
    data: (rows as PaymentsTable[]).map(toPayment),
    totalCount: n,
    pagination: { page: query.page, limit: query.limit, totalPages: Math.ceil(n / query.limit) },
    summary: { totalPaid: paiseToRupees(s.paid), totalPending: paiseToRupees(s.pending), lastPaymentAt: s.last ? new Date(s.last).toISOString() : null },
  };
};

/**
 * A member's payments: staff of the member's location, the member themselves, or a trainer for their own clients.
 * Anyone else — and every id of another organization — gets 404.
 */
export const memberPayments = async (deps: Deps, ctx: RequestContext, memberId: string, query: PersonPaymentsQuery) => {
  const member = await deps.db
    .selectFrom('pay_members')
    .select(['location_id', 'trainer_id'])
    .where('id', '=', memberId)
    .where('org_id', '=', ctx.orgId)
    .executeTakeFirst();
  const allowed =
    ctx.role === 'member'
      ? memberId === ctx.userId
      : ctx.role === 'trainer'
        ? member?.trainer_id === ctx.userId
        : isStaff(ctx) && (!member || ctx.locationIds.includes(member.location_id));
  if (!allowed) throw notFound('Member');
  let q = deps.db.selectFrom('payments').where('payments.org_id', '=', ctx.orgId).where('payments.member_id', '=', memberId) as unknown as Q;
  if (isStaff(ctx)) q = q.where('payments.location_id', 'in', ctx.locationIds.length ? ctx.locationIds : ['00000000-0000-0000-0000-000000000000']);
  if (!member) {
    // Not (yet) known from members' events: only payments the caller may see answer, else 404.
    const any = await q.select('payments.id').limit(1).executeTakeFirst();
    if (!any && ctx.role !== 'member') throw notFound('Member');
  }
  return personPage(deps, q, query);
};

/** Payments to a trainer: staff of the trainer's location, or the trainer themselves. */
export const trainerPayments = async (deps: Deps, ctx: RequestContext, trainerId: string, query: PersonPaymentsQuery) => {
  if (ctx.role === 'member') throw forbidden();
  const trainer = await deps.db.selectFrom('pay_trainers').select('location_id').where('id', '=', trainerId).where('org_id', '=', ctx.orgId).executeTakeFirst();
  const allowed = ctx.role === 'trainer' ? trainerId === ctx.userId : !trainer || ctx.locationIds.includes(trainer.location_id);
  if (!allowed) throw notFound('Trainer');
  let q = deps.db
    .selectFrom('payments')
    .where('payments.org_id', '=', ctx.orgId)
    .where('payments.trainer_id', '=', trainerId)
    .where('payments.category', '=', 'trainer') as unknown as Q;
  if (isStaff(ctx)) q = q.where('payments.location_id', 'in', ctx.locationIds.length ? ctx.locationIds : ['00000000-0000-0000-0000-000000000000']);
  if (!trainer && ctx.role !== 'trainer') {
    const any = await q.select('payments.id').limit(1).executeTakeFirst();
    if (!any) throw notFound('Trainer');
  }
  return personPage(deps, q, query);
};
