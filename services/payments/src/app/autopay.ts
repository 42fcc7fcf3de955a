import type { Autopay, AutopayCheckout, AutopayPlan, AutopayReport, CancelAutopayBody, PutAutopayPlanBody, StartAutopayBody } from '@akhada/contracts';
import { AppError, executeCommand, metadataOf, newId, notFound, type Executor, type RequestContext } from '@akhada/kit';
import { autopayAggregate } from '../aggregates/autopay.ts';
import type { AutopaySubscriptionsTable, PaymentsDb, PayPlansTable } from '../db/schema.ts';
import { FINAL_STATUSES, type AutopayStatus } from '../domain/autopay/decider.ts';
import { paiseToRupees } from '../domain/money.ts';
import { actorOf } from './access.ts';
import type { PaymentsDeps } from './deps.ts';
import { todayAt, todayFor, zoneOf } from './deps.ts';
import { addDays, startOfDayIn } from '@akhada/kit/domain';
import { decideGst } from './gst.ts';
import { requireKeys, requireOnlineKeys, type OrgKeys } from './razorpay-keys.ts';
import { memberInScope } from './record-payment.ts';

type Deps = Pick<PaymentsDeps, 'db' | 'clock' | 'secrets' | 'razorpay' | 'directory' | 'timeZone' | 'people' | 'checkoutScriptUrl'>;

/** Cycles a member authorises at once: ten years of monthly charges (Razorpay asks for a count; cancelling ends it sooner). */
const CYCLES_MONTHS = 120;
/** Statuses in which an autopay still runs (or is about to): a member has one of them at most. */
const RUNNING: readonly AutopayStatus[] = ['authenticated', 'active', 'pending', 'halted', 'paused'];

// ── Views ───────────────────────────────────────────────────────────────────────────────────────────────────────
export const toAutopay = (r: AutopaySubscriptionsTable): Autopay => {
  const status = r.status as AutopayStatus;
  const runs = ['active', 'authenticated', 'pending', 'halted'].includes(status) && r.cancel_requested === null;
  return {
    _id: r.id,
    memberId: r.member_id,
    memberName: r.member_name,
    locationId: r.location_id,
    planId: r.plan_id,
    planName: r.plan_name,
    membershipType: r.membership_type,
    periodMonths: r.period_months,
    amount: paiseToRupees(Number(r.amount_paise)),
    status,
    razorpaySubscriptionId: r.razorpay_subscription_id,
    startDate: r.start_date,
    charges: r.charges,
    paidThrough: r.paid_through,
    nextChargeDate: runs ? (r.paid_through ?? r.start_date) : null,
    lastChargeAt: r.last_charge_at ? new Date(r.last_charge_at).toISOString() : null,
    lastChargeAmount: r.last_charge_paise === null ? null : paiseToRupees(Number(r.last_charge_paise)),
    failures: r.failures,
    lastFailureAt: r.last_failure_at ? new Date(r.last_failure_at).toISOString() : null,
    cancelRequested: r.cancel_requested === 'now' || r.cancel_requested === 'cycle_end' ? r.cancel_requested : null,
    method: r.method === 'upi' || r.method === 'card' || r.method === 'emandate' ? r.method : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
};

/** What a plan charges each period, GST included: its price when GST-inclusive, else the price and the GST on it. */
const chargeOf = async (db: Executor<PaymentsDb>, plan: PayPlansTable, locationId: string | null, date: string): Promise<number> => {
  const price = Number(plan.price_paise);
  if (plan.gst_inclusive || !locationId) return price;
  const gst = await decideGst(db, { orgId: plan.org_id, locationId, category: 'member', amountPaise: price, sentGstPaise: 0, date });
  return gst.amountPaise + gst.gstPaise;
};

/** The plan's GST-inclusive price at the organization's first location the caller manages (the plans are the gym's). */
const planView = async (
  deps: Deps,
  ctx: RequestContext,
  plan: PayPlansTable,
  autopay: { enabled: boolean; amount_paise: number } | undefined,
): Promise<AutopayPlan> => {
  const locationId = ctx.locationIds[0] ?? null;
  const amount = autopay?.enabled
    ? Number(autopay.amount_paise)
    : await chargeOf(deps.db, plan, locationId, locationId ? await todayAt(deps, locationId) : '2026-01-01');
  return {
    planId: plan.plan_id,
    name: plan.name,
    membershipType: plan.membership_type,
    periodMonths: plan.duration_months,
    amount: paiseToRupees(amount),
    enabled: !!autopay?.enabled,
  };
};

// ── Plans (staff turn autopay on per plan) ───────────────────────────────────────────────────────────────────────
export const listAutopayPlans = async (deps: Deps, ctx: RequestContext): Promise<AutopayPlan[]> => {
  const plans = await deps.db.selectFrom('pay_plans').selectAll().where('org_id', '=', ctx.orgId).where('active', '=', true).orderBy('name').execute();
  const autopay = await deps.db.selectFrom('autopay_plans').selectAll().where('org_id', '=', ctx.orgId).execute();
  const byPlan = new Map(autopay.map((a) => [a.plan_id, a]));
  const views = await Promise.all(plans.map((p) => planView(deps, ctx, p as PayPlansTable, byPlan.get(p.plan_id))));
  return ctx.role === 'member' ? views.filter((v) => v.enabled) : views;
};

const planOf = async (db: Executor<PaymentsDb>, orgId: string, planId: string): Promise<PayPlansTable> => {
  const plan = await db
    .selectFrom('pay_plans')
    .selectAll()
    .where('plan_id', '=', planId)
    .where('org_id', '=', orgId)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!plan) throw notFound('Plan');
  return plan as PayPlansTable;
};

/**
 * Turns autopay on or off for one of the gym's plans. On: a Razorpay plan at its price each period (GST included) is
 * made with the gym's keys, once per price, period and key (a changed price or new keys make a new one; members
 * already on autopay keep theirs). Off: no new autopay starts on it; running ones go on until cancelled.
 */
export const putAutopayPlan = async (deps: Deps, ctx: RequestContext, planId: string, body: PutAutopayPlanBody): Promise<AutopayPlan> => {
  const plan = await planOf(deps.db, ctx.orgId, planId);
  const existing = await deps.db.selectFrom('autopay_plans').selectAll().where('plan_id', '=', planId).where('org_id', '=', ctx.orgId).executeTakeFirst();
  const now = deps.clock();
  if (!body.enabled) {
    if (existing)
      await deps.db.updateTable('autopay_plans').set({ enabled: false, updated_by_id: ctx.userId, updated_at: now }).where('plan_id', '=', planId).execute();
    return planView(deps, ctx, plan, existing ? { ...existing, enabled: false } : undefined);
  }
  const keys = await requireOnlineKeys(deps, ctx.orgId);
  const locationId = ctx.locationIds[0] ?? null;
  const amount = await chargeOf(deps.db, plan, locationId, locationId ? await todayAt(deps, locationId) : '2026-01-01');
  if (amount < 100) throw new AppError(400, 'VALIDATION_FAILED', 'Autopay needs a plan price of at least ₹1');
  let razorpayPlanId = existing?.razorpay_plan_id;
  if (!existing || existing.key_id !== keys.keyId || Number(existing.amount_paise) !== amount || existing.period_months !== plan.duration_months) {
    try {
      const made = await deps.razorpay.client(keys).plans.create({
        period: plan.duration_months % 12 === 0 ? 'yearly' : 'monthly',
        interval: plan.duration_months % 12 === 0 ? plan.duration_months / 12 : plan.duration_months,
        item: { name: plan.name.slice(0, 100), amount, currency: 'INR', description: `${plan.name} membership, every ${plan.duration_months} month(s)` },
        notes: { planId, orgId: ctx.orgId },
      });
      razorpayPlanId = made.id;
    } catch (err) {
      throw deps.razorpay.toAppError(err);
    }
  }
  const row = {
    plan_id: planId,
    org_id: ctx.orgId,
    enabled: true,
    razorpay_plan_id: razorpayPlanId!,
    key_id: keys.keyId,
    amount_paise: amount,
    period_months: plan.duration_months,
    updated_by_id: ctx.userId,
    updated_at: now,
  };
  await deps.db
    .insertInto('autopay_plans')
    .values(row)
    .onConflict((oc) => oc.column('plan_id').doUpdateSet(row))
    .execute();
  return planView(deps, ctx, plan, row);
};

// ── A member's autopay ──────────────────────────────────────────────────────────────────────────────────────────
const autopayRows = (db: Executor<PaymentsDb>, ctx: RequestContext) => {
  const q = db.selectFrom('autopay_subscriptions').selectAll().where('org_id', '=', ctx.orgId);
  if (ctx.role === 'member') return q.where('member_id', '=', ctx.userId);
  return ctx.locationIds.length ? q.where('location_id', 'in', ctx.locationIds) : q.where((eb) => eb.val(false));
};

/** An autopay the caller may see (a member: their own; staff: of their locations); anything else is 404. */
export const visibleAutopay = async (db: Executor<PaymentsDb>, ctx: RequestContext, id: string): Promise<AutopaySubscriptionsTable> => {
  const row = await autopayRows(db, ctx).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Autopay');
  return row as AutopaySubscriptionsTable;
};

export const checkoutOf = async (deps: Deps, ctx: RequestContext, row: AutopaySubscriptionsTable, keyId: string): Promise<AutopayCheckout> => {
  const member = await deps.db.selectFrom('pay_members').select(['email', 'phone']).where('id', '=', row.member_id).executeTakeFirst();
  return {
    autopay: toAutopay(row),
    keyId,
    subscriptionId: row.razorpay_subscription_id,
    checkoutScriptUrl: deps.checkoutScriptUrl,
    shortUrl: row.short_url,
    name: 'Akhada',
    description: `${row.plan_name}: autopay every ${row.period_months} month(s)`,
    prefill: { name: row.member_name, email: member?.email ?? '', contact: member?.phone ?? '' },
  };
};

/**
 * A member starts autopay on a plan that has it on: a Razorpay subscription on the plan's Razorpay plan, its first
 * charge paying from the day their membership ends (or today, when it has ended). One running autopay per member (409);
 * one not yet authorised on the same plan is answered again (a second click makes no second subscription).
 */
/**
 * A subscription on the gym's Razorpay account for the member to authorise: its first charge at the start of
 * `firstChargeOn` in the location's time zone, or on authorising when that day has come.
 */
export const createSubscription = async (
  deps: Pick<PaymentsDeps, 'razorpay' | 'directory' | 'timeZone'>,
  keys: OrgKeys,
  o: { razorpayPlanId: string; totalCount: number; locationId: string; firstChargeOn: string; today: string; notes: Record<string, string> },
): Promise<{ id: string; short_url?: string | null }> => {
  const startAt = o.firstChargeOn > o.today ? Math.floor(startOfDayIn(await zoneOf(deps, o.locationId), o.firstChargeOn).getTime() / 1000) : undefined;
  try {
    return await deps.razorpay.client(keys).subscriptions.create({
      plan_id: o.razorpayPlanId,
      total_count: o.totalCount,
      customer_notify: 1,
      ...(startAt ? { start_at: startAt } : {}),
      notes: o.notes,
    });
  } catch (err) {
    throw deps.razorpay.toAppError(err);
  }
};

export const startAutopay = async (deps: Deps, ctx: RequestContext, body: StartAutopayBody): Promise<AutopayCheckout> => {
  const member = await memberInScope(deps, ctx, ctx.userId);
  const plan = await planOf(deps.db, ctx.orgId, body.planId);
  const autopayPlan = await deps.db
    .selectFrom('autopay_plans')
    .selectAll()
    .where('plan_id', '=', plan.plan_id)
    .where('org_id', '=', ctx.orgId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!autopayPlan) throw notFound('Plan with autopay');
  const keys = await requireOnlineKeys(deps, ctx.orgId);
  const mine = await deps.db
    .selectFrom('autopay_subscriptions')
    .selectAll()
    .where('org_id', '=', ctx.orgId)
    .where('member_id', '=', member.id)
    .where('status', 'in', ['created', ...RUNNING])
    .orderBy('created_at', 'desc')
    .execute();
  if (mine.some((r) => RUNNING.includes(r.status as AutopayStatus)))
    throw new AppError(409, 'CONFLICT', 'You have autopay on already. Cancel it first to change the plan.');
  const waiting = mine.find((r) => r.plan_id === plan.plan_id && r.razorpay_plan_id === autopayPlan.razorpay_plan_id);
  if (waiting) return checkoutOf(deps, ctx, waiting as AutopaySubscriptionsTable, keys.keyId);

  const today = await todayAt(deps, member.location_id);
  const startDate = member.status === 'pending' || member.end_date < today ? today : member.end_date;
  const id = newId();
  const totalCount = Math.max(1, Math.floor(CYCLES_MONTHS / autopayPlan.period_months));
  // The first charge is due when the current term ends; a member without a running term is charged on authorising.
  const sub = await createSubscription(deps, keys, {
    razorpayPlanId: autopayPlan.razorpay_plan_id,
    totalCount,
    locationId: member.location_id,
    firstChargeOn: startDate,
    today,
    notes: { autopayId: id, orgId: ctx.orgId, memberId: member.id },
  });
  await executeCommand(
    deps.db,
    autopayAggregate,
    id,
    {
      type: 'StartAutopay',
      data: {
        subscriptionId: id,
        orgId: ctx.orgId,
        locationId: member.location_id,
        memberId: member.id,
        memberName: `${member.first_name} ${member.last_name}`.trim(),
        planId: plan.plan_id,
        planName: plan.name,
        membershipType: plan.membership_type,
        periodMonths: autopayPlan.period_months,
        amountPaise: Number(autopayPlan.amount_paise),
        razorpaySubscriptionId: sub.id,
        razorpayPlanId: autopayPlan.razorpay_plan_id,
        startDate,
        totalCount,
        shortUrl: sub.short_url ?? null,
        at: deps.clock().toISOString(),
        by: actorOf(ctx),
      },
    },
    metadataOf(ctx, { locationId: member.location_id }),
  );
  return checkoutOf(deps, ctx, await visibleAutopay(deps.db, ctx, id), keys.keyId);
};

export const myAutopays = async (deps: Pick<Deps, 'db'>, ctx: RequestContext): Promise<Autopay[]> =>
  (await autopayRows(deps.db, ctx).orderBy('created_at', 'desc').limit(50).execute()).map((r) => toAutopay(r as AutopaySubscriptionsTable));

export const listAutopays = async (
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  query: { status?: AutopayStatus | undefined; memberId?: string | undefined },
): Promise<Autopay[]> => {
  let q = autopayRows(deps.db, ctx);
  if (query.status) q = q.where('status', '=', query.status);
  if (query.memberId) q = q.where('member_id', '=', query.memberId);
  return (await q.orderBy('created_at', 'desc').limit(500).execute()).map((r) => toAutopay(r as AutopaySubscriptionsTable));
};

export const getAutopay = async (deps: Pick<Deps, 'db'>, ctx: RequestContext, id: string): Promise<Autopay> =>
  toAutopay(await visibleAutopay(deps.db, ctx, id));

/**
 * Cancels an autopay in Razorpay (the member's own, or staff's of their locations): at the end of the paid period by
 * default, so what was paid for is kept and nothing more is charged; or now. The request is recorded; the status
 * follows Razorpay's webhook. One not yet authorised is cancelled now whatever was asked (it has no paid period).
 */
export const cancelAutopay = async (deps: Deps, ctx: RequestContext, id: string, body: CancelAutopayBody): Promise<Autopay> => {
  const row = await visibleAutopay(deps.db, ctx, id);
  if (FINAL_STATUSES.includes(row.status as AutopayStatus)) throw new AppError(409, 'CONFLICT', `This autopay is ${row.status} already`);
  const keys = await requireKeys(deps, ctx.orgId);
  const atCycleEnd = body.atCycleEnd && row.status === 'active';
  try {
    await deps.razorpay.client(keys).subscriptions.cancel(row.razorpay_subscription_id, atCycleEnd);
  } catch (err) {
    throw deps.razorpay.toAppError(err);
  }
  await executeCommand(
    deps.db,
    autopayAggregate,
    id,
    { type: 'RequestCancel', data: { atCycleEnd, at: deps.clock().toISOString(), by: actorOf(ctx) } },
    metadataOf(ctx, { locationId: row.location_id }),
  );
  return toAutopay(await visibleAutopay(deps.db, ctx, id));
};

/**
 * Staff's report over the locations they manage: each running autopay's next charge due from today to today + days
 * (its paid-through date, or its start before the first charge), by date, with their total; and the autopays whose
 * charge failed (pending: Razorpay retrying; halted: it gave up), the latest failure first.
 */
export const autopayReport = async (deps: Pick<Deps, 'db' | 'clock' | 'timeZone'>, ctx: RequestContext, query: { days: number }): Promise<AutopayReport> => {
  const from = todayFor(deps);
  const to = addDays(from, query.days);
  const running = await autopayRows(deps.db, ctx).where('status', 'in', ['authenticated', 'active']).where('cancel_requested', 'is', null).execute();
  const upcoming = running
    .map((r) => toAutopay(r as AutopaySubscriptionsTable))
    .filter((a) => a.nextChargeDate !== null && a.nextChargeDate >= from && a.nextChargeDate <= to)
    .sort((a, b) => a.nextChargeDate!.localeCompare(b.nextChargeDate!) || a.memberName.localeCompare(b.memberName))
    .map((a) => ({ date: a.nextChargeDate!, amount: a.amount, autopay: a }));
  const failed = await autopayRows(deps.db, ctx)
    .where('status', 'in', ['pending', 'halted'])
    .orderBy('last_failure_at', (ob) => ob.desc().nullsLast())
    .limit(500)
    .execute();
  return {
    from,
    to,
    upcoming,
    upcomingTotal: Math.round(upcoming.reduce((sum, u) => sum + u.amount * 100, 0)) / 100,
    failed: failed.map((r) => toAutopay(r as AutopaySubscriptionsTable)),
  };
};
