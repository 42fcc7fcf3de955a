import type {
  AnalyticsQuery,
  MembershipType,
  PaymentAnalytics,
  PaymentDashboard,
  PaymentExportQuery,
  PaymentReports,
  PendingPayment,
  PendingQuery,
  Renewal,
  RenewalsQuery,
  ReportsQuery,
  SalariesQuery,
  TrainerSalaryRow,
} from '@akhada/contracts';
import { urgencyOf } from '@akhada/contracts';
import { assertLocation, exportFile, keysetPages, type ExportColumn, type RequestContext } from '@akhada/kit';
import { addDays, dateIn, daysBetween, startOfDayIn } from '@akhada/kit/domain';
import { sql } from 'kysely';
import type { PaymentsTable } from '../db/schema.ts';
import { financialYearStart, monthStart } from '../domain/calendar.ts';
import { formatPaise, paiseToRupees } from '../domain/money.ts';
import { daysPastDue } from '../domain/urgency.ts';
import { filtered } from './list-payments.ts';
import type { PaymentsDeps } from './deps.ts';

type Deps = Pick<PaymentsDeps, 'db' | 'clock' | 'timeZone' | 'directory'>;
const PAID = ['completed', 'partially_refunded', 'refunded'] as const;
const UNPAID = ['pending', 'failed'] as const;
const NONE = ['00000000-0000-0000-0000-000000000000'];

/** The caller's locations, or the one asked for (which must be theirs). */
const locationsOf = (ctx: RequestContext, locationId?: string): string[] => {
  if (locationId) {
    assertLocation(ctx, locationId);
    return [locationId];
  }
  return ctx.locationIds.length ? ctx.locationIds : NONE;
};
const dayStart = (deps: Deps, date: string) => startOfDayIn(deps.timeZone, date);
const dayAfter = (deps: Deps, date: string) => startOfDayIn(deps.timeZone, addDays(date, 1));

/** Money received in [from, to] (local days): gross of paid payments by paid_at, refunds by their date. */
const revenueBetween = async (deps: Deps, orgId: string, locs: string[], from: string, to: string) => {
  const gross = await deps.db
    .selectFrom('payments')
    .select([sql<string>`coalesce(sum(total_paise), 0)`.as('total'), sql<string>`count(*)`.as('n')])
    .where('org_id', '=', orgId)
    .where('location_id', 'in', locs)
    .where('status', 'in', PAID)
    .where('category', 'in', ['member', 'other'])
    .where('paid_at', '>=', dayStart(deps, from))
    .where('paid_at', '<', dayAfter(deps, to))
    .executeTakeFirstOrThrow();
  const refunds = await deps.db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select(sql<string>`coalesce(sum(r.amount_paise), 0)`.as('total'))
    .where('r.org_id', '=', orgId)
    .where('p.location_id', 'in', locs)
    .where('p.category', 'in', ['member', 'other'])
    .where('r.created_at', '>=', dayStart(deps, from))
    .where('r.created_at', '<', dayAfter(deps, to))
    .executeTakeFirstOrThrow();
  const total = Number(gross.total);
  const refunded = Number(refunds.total);
  return { total, refunds: refunded, net: total - refunded, transactions: Number(gross.n) };
};

/** GET /payments/dashboard/overview: income is member and other payments (trainer salaries and expenses are costs). */
export const dashboardOverview = async (deps: Deps, ctx: RequestContext, q: { locationId?: string | undefined }): Promise<PaymentDashboard> => {
  const locs = locationsOf(ctx, q.locationId);
  const today = dateIn(deps.timeZone, deps.clock());
  const thisMonthStart = monthStart(today);
  const lastMonthStart = monthStart(addDays(thisMonthStart, -1));
  const thisMonth = await revenueBetween(deps, ctx.orgId, locs, thisMonthStart, today);
  const lastMonth = await revenueBetween(deps, ctx.orgId, locs, lastMonthStart, addDays(thisMonthStart, -1));
  const ytd = await revenueBetween(deps, ctx.orgId, locs, financialYearStart(today), today);
  const growth = lastMonth.net > 0 ? Math.round(((thisMonth.net - lastMonth.net) / lastMonth.net) * 1000) / 10 : 0;

  const pending = await deps.db
    .selectFrom('payments')
    .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(total_paise), 0)`.as('amount')])
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locs)
    .where('status', 'in', UNPAID)
    .where('category', '=', 'member')
    .executeTakeFirstOrThrow();

  const renewals = await renewalsWithin(deps, ctx, locs, today, 7);

  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const salaries = await salaryRows(deps, ctx, locs, month, year);
  const members = await deps.db
    .selectFrom('pay_members')
    .select(['membership_type', sql<string>`count(*)`.as('n')])
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locs)
    .where('status', '=', 'active')
    .groupBy('membership_type')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('membership_type')
    .execute();
  const totalActive = members.reduce((s, m) => s + Number(m.n), 0);
  return {
    revenue: { thisMonth: paiseToRupees(thisMonth.net), lastMonth: paiseToRupees(lastMonth.net), ytd: paiseToRupees(ytd.net), growth },
    pendingPayments: { count: Number(pending.n), amount: paiseToRupees(pending.amount) },
    upcomingRenewals: {
      count: renewals.length,
      members: renewals
        .slice(0, 10)
        .map((r) => ({ memberId: r.memberId, memberName: r.memberName, membershipType: r.membershipType, expiryDate: r.expiryDate, amount: r.amount })),
    },
    trainerSalaries: {
      total: salaries.length,
      paid: salaries.filter((s) => s.status === 'paid').length,
      pending: salaries.filter((s) => s.status !== 'paid').length,
      paidAmount: salaries.filter((s) => s.status === 'paid').reduce((a, s) => a + s.salaryAmount, 0),
      pendingAmount: salaries.filter((s) => s.status === 'pending').reduce((a, s) => a + s.salaryAmount, 0),
    },
    quickStats: {
      avgRevenuePerMember: totalActive ? Math.round(thisMonth.net / totalActive) / 100 : 0,
      totalActiveMembers: totalActive,
      mostPopularMembershipType: (members[0]?.membership_type as MembershipType | undefined) ?? null,
    },
  };
};

/** The period of an analytics query in the default zone: day, last 7 days, month to date, year (financial) to date, custom. */
export const periodOf = (deps: Deps, q: AnalyticsQuery): { start: string; end: string } => {
  const today = dateIn(deps.timeZone, deps.clock());
  switch (q.period) {
    case 'day':
      return { start: today, end: today };
    case 'week':
      return { start: addDays(today, -6), end: today };
    case 'month':
      return { start: monthStart(today), end: today };
    case 'year':
      return { start: financialYearStart(today), end: today };
    case 'custom':
      return { start: q.startDate!, end: q.endDate! };
  }
};

export const analytics = async (deps: Deps, ctx: RequestContext, q: AnalyticsQuery): Promise<PaymentAnalytics> => {
  const locs = locationsOf(ctx, q.locationId);
  const { start, end } = periodOf(deps, q);
  const rev = await revenueBetween(deps, ctx.orgId, locs, start, end);
  const paidIn = (from: string, to: string) =>
    deps.db
      .selectFrom('payments')
      .where('org_id', '=', ctx.orgId)
      .where('location_id', 'in', locs)
      .where('status', 'in', PAID)
      .where('category', 'in', ['member', 'other'])
      .where('paid_at', '>=', dayStart(deps, from))
      .where('paid_at', '<', dayAfter(deps, to));
  const methods = await paidIn(start, end)
    .select(['method', sql<string>`sum(total_paise)`.as('total'), sql<string>`count(*)`.as('n')])
    .groupBy('method')
    .orderBy(sql`sum(total_paise)`, 'desc')
    .execute();
  const types = await paidIn(start, end)
    .where('membership_type', 'is not', null)
    .select(['membership_type', sql<string>`sum(total_paise)`.as('total'), sql<string>`count(*)`.as('n')])
    .groupBy('membership_type')
    .orderBy(sql`sum(total_paise)`, 'desc')
    .execute();
  const trendStart = addDays(end, -29);
  const trendRows = await paidIn(trendStart, end)
    .select([
      sql<string>`to_char((paid_at at time zone ${sql.lit(deps.timeZone)})::date, 'YYYY-MM-DD')`.as('day'),
      sql<string>`sum(total_paise)`.as('total'),
      sql<string>`count(*)`.as('n'),
    ])
    .groupBy(sql`(paid_at at time zone ${sql.lit(deps.timeZone)})::date`)
    .execute();
  const byDay = new Map(trendRows.map((r) => [r.day, r]));
  const dailyTrend = Array.from({ length: 30 }, (_, i) => {
    const date = addDays(trendStart, i);
    const r = byDay.get(date);
    const paise = Number(r?.total ?? 0);
    return { date, revenue: paiseToRupees(paise), transactions: Number(r?.n ?? 0), formatted: formatPaise(paise) };
  });
  return {
    period: { start, end, type: q.period },
    revenue: {
      total: paiseToRupees(rev.total),
      net: paiseToRupees(rev.net),
      refunds: paiseToRupees(rev.refunds),
      transactions: rev.transactions,
      formatted: { total: formatPaise(rev.total), net: formatPaise(rev.net), refunds: formatPaise(rev.refunds) },
    },
    paymentMethods: methods.map((m) => ({ _id: m.method, totalAmount: paiseToRupees(m.total), count: Number(m.n), formatted: formatPaise(m.total) })),
    membershipTypes: types.map((t) => ({ _id: t.membership_type!, totalRevenue: paiseToRupees(t.total), count: Number(t.n), formatted: formatPaise(t.total) })),
    dailyTrend,
  };
};

/** Pending payments, most overdue first (daysPastDue in each location's calendar). */
export const pendingPayments = async (deps: Deps, ctx: RequestContext, q: PendingQuery) => {
  const locs = locationsOf(ctx, q.locationId);
  const base = deps.db.selectFrom('payments').where('org_id', '=', ctx.orgId).where('location_id', 'in', locs).where('status', 'in', UNPAID);
  const { n } = await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const rows = (await base
    .selectAll()
    .orderBy(sql`due_date asc nulls last`)
    .orderBy('created_at', 'asc')
    .orderBy('id')
    .offset((q.page - 1) * q.limit)
    .limit(q.limit)
    .execute()) as PaymentsTable[];
  const lastReminders = rows.length
    ? await deps.db
        .selectFrom('reminders')
        .select(['payment_id', sql<Date>`max(sent_at)`.as('at')])
        .where(
          'payment_id',
          'in',
          rows.map((r) => r.id),
        )
        .groupBy('payment_id')
        .execute()
    : [];
  const reminded = new Map(lastReminders.map((r) => [r.payment_id, new Date(r.at).toISOString()]));
  const todays = new Map<string, string>();
  for (const r of rows) {
    if (!todays.has(r.location_id)) todays.set(r.location_id, dateIn((await deps.directory.location(r.location_id))?.timezone ?? deps.timeZone, deps.clock()));
  }
  const data: PendingPayment[] = rows.map((r) => {
    const days = daysPastDue(r.due_date, todays.get(r.location_id)!);
    return {
      _id: r.id,
      memberId: r.member_id,
      memberName: r.member_name || r.trainer_name || r.description,
      totalAmount: paiseToRupees(r.total_paise),
      membershipType: r.membership_type,
      daysPastDue: days,
      urgency: urgencyOf(days),
      dueDate: r.due_date,
      description: r.description,
      lastReminderAt: reminded.get(r.id) ?? null,
    };
  });
  const total = Number(n);
  return { success: true as const, data, totalCount: total, pagination: { page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) } };
};

const renewalsWithin = async (deps: Deps, ctx: RequestContext, locs: string[], today: string, days: number): Promise<Renewal[]> => {
  const rows = await deps.db
    .selectFrom('pay_members as m')
    .selectAll('m')
    .select((eb) =>
      eb
        .selectFrom('payments as p')
        .select('p.id')
        .whereRef('p.member_id', '=', 'm.id')
        .where('p.status', 'in', UNPAID)
        .where('p.type', 'in', ['membership_fee', 'membership_renewal'])
        .limit(1)
        .as('pending_id'),
    )
    .where('m.org_id', '=', ctx.orgId)
    .where('m.location_id', 'in', locs)
    .where('m.status', 'in', ['active', 'frozen'])
    .where('m.end_date', '>=', today)
    .where('m.end_date', '<=', addDays(today, days))
    .orderBy('m.end_date')
    .orderBy('m.id')
    .limit(500)
    .execute();
  return rows.map((m) => ({
    memberId: m.id,
    memberName: `${m.first_name} ${m.last_name}`.trim(),
    membershipType: m.membership_type,
    expiryDate: m.end_date,
    daysLeft: daysBetween(today, m.end_date),
    amount: paiseToRupees(m.fee_paise),
    pendingPaymentId: m.pending_id ?? null,
  }));
};

export const renewals = async (deps: Deps, ctx: RequestContext, q: RenewalsQuery): Promise<Renewal[]> =>
  renewalsWithin(deps, ctx, locationsOf(ctx, q.locationId), dateIn(deps.timeZone, deps.clock()), q.days);

const salaryRows = async (deps: Deps, ctx: RequestContext, locs: string[], month: number, year: number): Promise<TrainerSalaryRow[]> => {
  const trainers = await deps.db
    .selectFrom('pay_trainers')
    .selectAll()
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locs)
    .where('status', '=', 'active')
    .orderBy('first_name')
    .orderBy('last_name')
    .execute();
  if (!trainers.length) return [];
  const pays = await deps.db
    .selectFrom('payments')
    .select(['id', 'trainer_id', 'type', 'status', 'total_paise'])
    .where('org_id', '=', ctx.orgId)
    .where(
      'trainer_id',
      'in',
      trainers.map((t) => t.id),
    )
    .where('salary_month', '=', month)
    .where('salary_year', '=', year)
    .where('status', '<>', 'cancelled')
    .execute();
  return trainers.map((t) => {
    const mine = pays.filter((p) => p.trainer_id === t.id);
    const salary = mine.find((p) => p.type === 'salary');
    return {
      trainerId: t.id,
      trainerName: `${t.first_name} ${t.last_name}`.trim(),
      locationId: t.location_id,
      month,
      year,
      status: !salary ? 'unpaid' : salary.status === 'pending' || salary.status === 'failed' ? 'pending' : 'paid',
      salaryAmount: salary ? paiseToRupees(salary.total_paise) : 0,
      totalPaid: paiseToRupees(mine.filter((p) => (PAID as readonly string[]).includes(p.status)).reduce((a, p) => a + Number(p.total_paise), 0)),
      paymentId: salary?.id ?? null,
    };
  });
};

export const salaries = async (deps: Deps, ctx: RequestContext, q: SalariesQuery): Promise<TrainerSalaryRow[]> => {
  const today = dateIn(deps.timeZone, deps.clock());
  return salaryRows(deps, ctx, locationsOf(ctx, q.locationId), q.month ?? Number(today.slice(5, 7)), q.year ?? Number(today.slice(0, 4)));
};

/** Payment Reports over [startDate, endDate] (default this financial year to today). */
export const reports = async (deps: Deps, ctx: RequestContext, q: ReportsQuery): Promise<PaymentReports> => {
  const locs = locationsOf(ctx, q.locationId);
  const today = dateIn(deps.timeZone, deps.clock());
  const endDate = q.endDate ?? today;
  const startDate = q.startDate ?? financialYearStart(endDate);
  const tz = deps.timeZone;
  const paid = () =>
    deps.db
      .selectFrom('payments')
      .where('org_id', '=', ctx.orgId)
      .where('location_id', 'in', locs)
      .where('status', 'in', PAID)
      .where('paid_at', '>=', dayStart(deps, startDate))
      .where('paid_at', '<', dayAfter(deps, endDate));
  const monthly = await paid()
    .where('category', 'in', ['member', 'other'])
    .select([
      sql<string>`to_char(paid_at at time zone ${sql.lit(tz)}, 'YYYY-MM')`.as('month'),
      sql<string>`sum(total_paise)`.as('total'),
      sql<string>`count(*)`.as('n'),
    ])
    .groupBy(sql`to_char(paid_at at time zone ${sql.lit(tz)}, 'YYYY-MM')`)
    .execute();
  const refundRows = await deps.db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select([sql<string>`to_char(r.created_at at time zone ${sql.lit(tz)}, 'YYYY-MM')`.as('month'), sql<string>`sum(r.amount_paise)`.as('total')])
    .where('r.org_id', '=', ctx.orgId)
    .where('p.location_id', 'in', locs)
    .where('p.category', 'in', ['member', 'other'])
    .where('r.created_at', '>=', dayStart(deps, startDate))
    .where('r.created_at', '<', dayAfter(deps, endDate))
    .groupBy(sql`to_char(r.created_at at time zone ${sql.lit(tz)}, 'YYYY-MM')`)
    .execute();
  const months = [...new Set([...monthly.map((m) => m.month), ...refundRows.map((r) => r.month)])].sort();
  const monthlyCollections = months.map((month) => {
    const c = monthly.find((m) => m.month === month);
    const collected = Number(c?.total ?? 0);
    const refunded = Number(refundRows.find((r) => r.month === month)?.total ?? 0);
    return {
      month,
      collected: paiseToRupees(collected),
      refunded: paiseToRupees(refunded),
      net: paiseToRupees(collected - refunded),
      transactions: Number(c?.n ?? 0),
    };
  });
  const byMethod = await paid()
    .select(['method', sql<string>`sum(total_paise)`.as('total'), sql<string>`count(*)`.as('n')])
    .groupBy('method')
    .orderBy(sql`sum(total_paise)`, 'desc')
    .execute();
  const byType = await paid()
    .select(['category', 'type', sql<string>`sum(total_paise)`.as('total'), sql<string>`count(*)`.as('n')])
    .groupBy(['category', 'type'])
    .orderBy(sql`sum(total_paise)`, 'desc')
    .execute();
  const outstandingRows = await deps.db
    .selectFrom('payments')
    .select(['due_date', 'total_paise'])
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locs)
    .where('status', 'in', UNPAID)
    .execute();
  const bucketOf = (days: number) => (days <= 0 ? 'not_due' : days <= 30 ? '1_30' : days <= 60 ? '31_60' : days <= 90 ? '61_90' : 'over_90');
  const buckets = (['not_due', '1_30', '31_60', '61_90', 'over_90'] as const).map((bucket) => ({ bucket, count: 0, amount: 0 }));
  for (const r of outstandingRows) {
    const b = buckets.find((x) => x.bucket === bucketOf(daysPastDue(r.due_date, today)))!;
    b.count++;
    b.amount += Number(r.total_paise);
  }
  // GST for filing, from the issued invoices (credit notes subtract): per supplier GSTIN per month, and per GSTIN per
  // place of supply (the state: CGST + SGST within the GSTIN's own state, IGST to another).
  const signed = (col: string) => sql<string>`coalesce(sum(case when kind = 'credit_note' then -${sql.ref(col)} else ${sql.ref(col)} end), 0)`;
  const invoiced = () =>
    deps.db
      .selectFrom('invoices')
      .where('org_id', '=', ctx.orgId)
      .where('location_id', 'in', locs)
      // Receipts (gyms without GST settings) are not tax documents: not in the GST figures.
      .where('kind', '<>', 'receipt')
      .where('issue_date', '>=', startDate)
      .where('issue_date', '<=', endDate);
  const gstinOf = sql<string | null>`supplier->>'gstin'`;
  const gst = await invoiced()
    .select([
      gstinOf.as('gstin'),
      sql<string>`to_char(issue_date, 'YYYY-MM')`.as('month'),
      signed('taxable_paise').as('taxable'),
      signed('cgst_paise').as('cgst'),
      signed('sgst_paise').as('sgst'),
      signed('igst_paise').as('igst'),
      sql<string>`count(*) filter (where kind <> 'credit_note')`.as('n'),
      sql<string>`count(*) filter (where kind = 'credit_note')`.as('cn'),
    ])
    .groupBy([gstinOf, sql`to_char(issue_date, 'YYYY-MM')`])
    .orderBy(sql`supplier->>'gstin' nulls last`)
    .orderBy(sql`to_char(issue_date, 'YYYY-MM')`)
    .execute();
  const byState = await invoiced()
    .select([
      gstinOf.as('gstin'),
      sql<string>`place_of_supply->>'stateCode'`.as('state_code'),
      sql<string>`max(place_of_supply->>'stateName')`.as('state_name'),
      signed('taxable_paise').as('taxable'),
      signed('cgst_paise').as('cgst'),
      signed('sgst_paise').as('sgst'),
      signed('igst_paise').as('igst'),
      sql<string>`count(*) filter (where kind <> 'credit_note')`.as('n'),
      sql<string>`count(*) filter (where kind = 'credit_note')`.as('cn'),
    ])
    .groupBy([gstinOf, sql`place_of_supply->>'stateCode'`])
    .orderBy(sql`supplier->>'gstin' nulls last`)
    .orderBy(sql`place_of_supply->>'stateCode'`)
    .execute();
  const taxOf = (g: { taxable: string; cgst: string; sgst: string; igst: string; n: string; cn: string }) => ({
    taxableValue: paiseToRupees(g.taxable),
    cgst: paiseToRupees(g.cgst),
    sgst: paiseToRupees(g.sgst),
    igst: paiseToRupees(g.igst),
    totalTax: paiseToRupees(Number(g.cgst) + Number(g.sgst) + Number(g.igst)),
    invoices: Number(g.n),
    creditNotes: Number(g.cn),
  });
  return {
    startDate,
    endDate,
    monthlyCollections,
    byMethod: byMethod.map((m) => ({ method: m.method, amount: paiseToRupees(m.total), count: Number(m.n) })),
    byType: byType.map((t) => ({ category: t.category, paymentType: t.type, amount: paiseToRupees(t.total), count: Number(t.n) })),
    outstanding: {
      count: outstandingRows.length,
      amount: paiseToRupees(outstandingRows.reduce((a, r) => a + Number(r.total_paise), 0)),
      buckets: buckets.map((b) => ({ ...b, amount: paiseToRupees(b.amount) })),
    },
    gstSummary: gst.map((g) => ({ gstin: g.gstin, month: g.month, ...taxOf(g) })),
    gstByState: byState.map((g) => ({
      gstin: g.gstin,
      placeOfSupply: { stateCode: g.state_code, stateName: g.state_name },
      supply: Number(g.igst) !== 0 ? ('inter_state' as const) : g.gstin ? ('intra_state' as const) : ('none' as const),
      ...taxOf(g),
    })),
  };
};

/**
 * The export's columns (CSV header names; JSON keys are the same). The GST columns are the figures stored on the
 * payment when it was recorded (the split is empty on payments recorded before it was kept, and on money going out).
 */
const EXPORT_COLUMNS = (timeZone: string): ExportColumn<PaymentsTable>[] => [
  { header: 'Date', value: (r) => dateIn(timeZone, new Date(r.created_at)) },
  { header: 'Paid At', value: (r) => (r.paid_at ? new Date(r.paid_at).toISOString() : null) },
  { header: 'Category', value: (r) => r.category },
  { header: 'Type', value: (r) => r.type },
  { header: 'Member', value: (r) => r.member_name || null },
  { header: 'Trainer', value: (r) => r.trainer_name || null },
  { header: 'Description', value: (r) => r.description },
  { header: 'Method', value: (r) => r.method },
  { header: 'Status', value: (r) => r.status },
  { header: 'Amount', value: (r) => rupees(r.amount_paise) },
  { header: 'GST', value: (r) => rupees(r.gst_paise) },
  { header: 'GST Rate %', value: (r) => (r.gst_split ? String(r.gst_split.rateBps / 100) : null) },
  { header: 'CGST', value: (r) => (r.gst_split ? rupees(r.gst_split.cgstPaise) : null) },
  { header: 'SGST', value: (r) => (r.gst_split ? rupees(r.gst_split.sgstPaise) : null) },
  { header: 'IGST', value: (r) => (r.gst_split ? rupees(r.gst_split.igstPaise) : null) },
  { header: 'Total', value: (r) => rupees(r.total_paise) },
  { header: 'Refunded', value: (r) => rupees(r.refunded_paise) },
  { header: 'Due Date', value: (r) => r.due_date },
  { header: 'Invoice', value: (r) => r.invoice_number },
  { header: 'Payment Id', value: (r) => r.id },
];
const rupees = (p: number | string) => (Number(p) / 100).toFixed(2);
const EXPORT_PAGE = 500;

/** GET /payments/export: the filtered payments as CSV or JSON, read in keyset pages of 500 as the client takes them. */
export const exportPayments = (deps: Deps, ctx: RequestContext, q: PaymentExportQuery) => {
  const today = dateIn(deps.timeZone, deps.clock());
  const base = filtered(deps, ctx, q);
  const rows = keysetPages<PaymentsTable>(async (after) => {
    let query = base.selectAll('payments');
    if (after) {
      const at = new Date(after.created_at);
      query = query.where((eb) => eb.or([eb('payments.created_at', '<', at), eb.and([eb('payments.created_at', '=', at), eb('payments.id', '<', after.id)])]));
    }
    return (await query.orderBy('payments.created_at', 'desc').orderBy('payments.id', 'desc').limit(EXPORT_PAGE).execute()) as PaymentsTable[];
  }, EXPORT_PAGE);
  return exportFile(rows, EXPORT_COLUMNS(deps.timeZone), q.format, `payments-${q.startDate ?? 'all'}-${q.endDate ?? today}`);
};
