// The checker, in the vocabulary of Jepsen's set and queue checkers: after the faults heal, every acknowledged write is
// in its service exactly once (else lost or duplicated), no refused write shows anywhere, an unknown one at most once;
// every write that happened is in each read model that reflects it exactly once (the dashboard's people, check-ins and
// payments, notifications, the audit trail, attendance's copy of members, payments' record of a POS sale) — missing or disagreeing there is "stale"
// until the read models converge; money totals agree between payments and the dashboard; invoice numbers are unique and
// gap-free per series. It reads the services' own tables (each service's schema in the stack's database), as Jepsen
// reads the final state.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SALE_STOCK, type Gym, type Op } from './workload.ts';

export interface CheckResult {
  acked: number;
  refused: number;
  unknown: number;
  lost: number;
  duplicated: number;
  refusedVisible: number;
  stale: number;
  /** ms from the heal until the read models agreed (undefined: they did not within the limit). */
  convergedMs?: number;
  /** What the read models still lacked at the first look after the heal (a sample), to see what converged slowly. */
  staleAtHeal: string[];
  problems: string[];
}

interface Tally {
  lost: string[];
  duplicated: string[];
  refusedVisible: string[];
  stale: string[];
}

/** A row as pg returns it (counts cast to int in the SQL). */
type Row = Record<string, string | number | null | Date>;
type Q = (sql: string, params: unknown[]) => Promise<Row[]>;

async function checkGym(q: Q, gym: Gym, ops: Op[], t: Tally): Promise<void> {
  const org = gym.orgId;
  const exactly = (what: string, op: Op, n: number) => {
    if (op.outcome === 'acked' && n === 0) t.lost.push(`${what} ${op.tag}: acknowledged (${op.status}) but missing`);
    if (n > 1) t.duplicated.push(`${what} ${op.tag}: ${n} times (${op.outcome} ${op.status})`);
    if (op.outcome === 'refused' && n > 0) t.refusedVisible.push(`${what} ${op.tag}: refused (${op.status}) but stored`);
  };

  // Members: the members service, then attendance's copy, the dashboard, notifications and the audit trail.
  const memberIds: string[] = [];
  for (const op of ops.filter((o) => o.kind === 'member')) {
    const rows = await q('select id from members.members where org_id = $1 and email = $2', [org, op.tag]);
    exactly('member', op, rows.length);
    if (rows.length === 1) memberIds.push(String(rows[0]!.id));
  }
  if (memberIds.length) {
    const copies = await q('select id, count(*)::int as n from attendance.members where id = any($1) group by id', [memberIds]);
    const people = await q('select id, count(*)::int as n from dashboard.people where id = any($1) group by id', [memberIds]);
    const notes = await q(
      `select action_url, recipient_id, count(*)::int as n from notifications.notifications
        where org_id = $1 and action_url = any($2) group by action_url, recipient_id`,
      [org, memberIds.map((id) => `/dashboard/members/${id}`)],
    );
    const audit = await q(
      'select subject_id, type, count(*)::int as n from dashboard.audit where org_id = $1 and subject_id = any($2) group by subject_id, type',
      [org, memberIds],
    );
    for (const id of memberIds) {
      const c = copies.find((r) => r.id === id)?.n ?? 0;
      if (Number(c) === 0) t.stale.push(`attendance's copy lacks member ${id}`);
      if (Number(people.find((r) => r.id === id)?.n ?? 0) === 0) t.stale.push(`dashboard people lacks member ${id}`);
      const mine = notes.filter((r) => r.action_url === `/dashboard/members/${id}`);
      if (!mine.some((r) => r.recipient_id === gym.ownerId)) t.stale.push(`no notification to the owner for member ${id}`);
      for (const r of mine) if (Number(r.n) > 1) t.duplicated.push(`notification for member ${id} to ${r.recipient_id}: ${r.n} times`);
      const a = audit.filter((r) => r.subject_id === id);
      if (a.length === 0) t.stale.push(`audit lacks member ${id}`);
      for (const r of a) if (Number(r.n) > 1) t.duplicated.push(`audit ${r.type} of member ${id}: ${r.n} times`);
    }
  }

  // Check-ins (one attempt per member) and check-outs: attendance, then the dashboard's check-ins.
  const sessionIds: string[] = [];
  for (const op of ops.filter((o) => o.kind === 'checkin')) {
    const rows = await q('select id from attendance.sessions where org_id = $1 and person_id = $2', [org, op.tag]);
    exactly('check-in of', op, rows.length);
    for (const r of rows) sessionIds.push(String(r.id));
  }
  if (sessionIds.length) {
    const seen = await q('select attendance_id, count(*)::int as n from dashboard.check_ins where attendance_id = any($1) group by attendance_id', [
      sessionIds,
    ]);
    for (const id of sessionIds) {
      const n = seen.find((r) => r.attendance_id === id)?.n ?? 0;
      if (Number(n) === 0) t.stale.push(`dashboard check-ins lack session ${id}`);
      if (Number(n) > 1) t.duplicated.push(`dashboard check-in ${id}: ${n} times`);
    }
  }
  for (const op of ops.filter((o) => o.kind === 'checkout' && o.outcome === 'acked')) {
    const rows = await q('select check_out_time from attendance.sessions where id = $1', [op.tag]);
    if (!rows[0]?.check_out_time) t.lost.push(`check-out of session ${op.tag}: acknowledged but the session is open`);
  }

  // POS sales: inventory's sale exactly once, payments' record of it (from inventory's event) once, and the item's
  // stock down by exactly one unit per sale that happened.
  const saleOps = ops.filter((o) => o.kind === 'sale');
  const sold = saleOps.length ? await q('select id from inventory.sales where org_id = $1 and id = any($2)', [org, saleOps.map((o) => o.tag)]) : [];
  for (const op of saleOps) exactly('POS sale', op, sold.filter((r) => r.id === op.tag).length);
  if (sold.length) {
    const recorded = await q(
      `select source_id, count(*)::int as n from payments.payments where org_id = $1 and source = 'pos' and source_id = any($2) group by source_id`,
      [org, sold.map((r) => String(r.id))],
    );
    for (const r of sold) {
      const n = Number(recorded.find((x) => x.source_id === r.id)?.n ?? 0);
      if (n === 0) t.stale.push(`payments lacks POS sale ${String(r.id)}`);
      if (n > 1) t.duplicated.push(`POS sale ${String(r.id)} recorded by payments ${n} times`);
    }
  }
  const [item] = await q('select quantity from inventory.items where org_id = $1 and id = $2', [org, gym.itemId]);
  const taken = SALE_STOCK - Number(item?.quantity ?? SALE_STOCK);
  if (taken > sold.length) t.duplicated.push(`stock: ${taken} units taken for ${sold.length} sales`);
  if (taken < sold.length) t.lost.push(`stock: ${taken} units taken for ${sold.length} sales`);

  // Payments and refunds: the payments service, then the dashboard's copy; money totals; invoice numbers.
  for (const op of ops.filter((o) => o.kind === 'payment')) {
    const rows = await q('select id from payments.payments where org_id = $1 and notes = $2', [org, op.tag]);
    exactly('payment', op, rows.length);
  }
  for (const op of ops.filter((o) => o.kind === 'refund')) {
    const rows = await q('select id from payments.refunds where org_id = $1 and reason = $2', [org, op.tag]);
    exactly('refund', op, rows.length);
  }
  const payments = await q('select id, total_paise, refunded_paise from payments.payments where org_id = $1', [org]);
  const refunds = await q('select payment_id, sum(amount_paise)::int as paise from payments.refunds where org_id = $1 group by payment_id', [org]);
  for (const p of payments) {
    const r = Number(refunds.find((x) => x.payment_id === p.id)?.paise ?? 0);
    if (r !== Number(p.refunded_paise)) t.duplicated.push(`payment ${p.id}: refunded ${p.refunded_paise} paise but its refunds sum to ${r}`);
  }
  const board = await q('select id, amount_paise, refunded_paise from dashboard.payments where org_id = $1', [org]);
  for (const p of payments) {
    const b = board.find((x) => x.id === p.id);
    if (!b) t.stale.push(`dashboard lacks payment ${p.id}`);
    else if (Number(b.amount_paise) !== Number(p.total_paise) || Number(b.refunded_paise) !== Number(p.refunded_paise))
      t.stale.push(
        `dashboard payment ${String(p.id)}: ${Number(b.amount_paise)}/${Number(b.refunded_paise)} paise, payments says ${Number(p.total_paise)}/${Number(p.refunded_paise)}`,
      );
  }
  const sum = (rows: Row[], k: string) => rows.reduce((s, r) => s + Number(r[k] ?? 0), 0);
  if (sum(board, 'amount_paise') !== sum(payments, 'total_paise') || sum(board, 'refunded_paise') !== sum(payments, 'refunded_paise'))
    t.stale.push(
      `money: dashboard ${sum(board, 'amount_paise')} received / ${sum(board, 'refunded_paise')} refunded paise, payments ${sum(payments, 'total_paise')} / ${sum(payments, 'refunded_paise')}`,
    );
  // A payment gets its document when recorded (a receipt; POST /payments/invoices answers it, or issues the tax
  // invoice): so a refused issue still finds one, and the check is one document per payment, never two.
  for (const op of ops.filter((o) => o.kind === 'invoice')) {
    const rows = await q(`select id from payments.invoices where org_id = $1 and payment_id = $2 and kind <> 'credit_note'`, [org, op.tag]);
    exactly('invoice of payment', { ...op, outcome: op.outcome === 'refused' ? 'unknown' : op.outcome }, rows.length);
  }
  // Each series (document kind, series, financial year): serials exactly 1..last_serial of its counter, each once.
  const serials = await q(
    `select case when kind in ('tax_invoice', 'bill_of_supply') then 'invoice' else kind end as doc, series, financial_year,
            array_agg(serial order by serial) as serials from payments.invoices where org_id = $1 group by 1, 2, 3`,
    [org],
  );
  const counters = await q('select doc, series, financial_year, last_serial from payments.invoice_counters where org_id = $1', [org]);
  for (const s of serials) {
    const list = (s.serials as unknown as number[]).map(Number);
    const name = `invoice series ${String(s.doc)} ${String(s.series)} ${String(s.financial_year)}`;
    if (new Set(list).size !== list.length) t.duplicated.push(`${name}: a serial issued twice (${list.join(',')})`);
    const last = Number(counters.find((c) => c.doc === s.doc && c.series === s.series && c.financial_year === s.financial_year)?.last_serial ?? 0);
    const missing = Array.from({ length: last }, (_, i) => i + 1).filter((n) => !list.includes(n));
    if (missing.length || list.some((n) => n > last)) t.lost.push(`${name}: gaps ${missing.join(',')} (counter at ${last}; issued ${list.join(',')})`);
  }
}

/**
 * Checks every gym's writes, polling while only read models disagree (up to `limitMs`); lost, duplicated and
 * refused-visible writes do not wait: they are in the services' own stores the moment the write was answered.
 */
export async function check({
  databaseUrl,
  gyms,
  ops,
  limitMs = 30_000,
}: {
  databaseUrl: string;
  gyms: Gym[];
  ops: Op[];
  limitMs?: number;
}): Promise<CheckResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q: Q = async (sql, params) => (await client.query<Row>(sql, params)).rows;
  const t0 = Date.now();
  let staleAtHeal: string[] | undefined;
  try {
    for (;;) {
      const t: Tally = { lost: [], duplicated: [], refusedVisible: [], stale: [] };
      for (const [g, gym] of gyms.entries())
        await checkGym(
          q,
          gym,
          ops.filter((o) => o.gym === g),
          t,
        );
      staleAtHeal ??= t.stale.slice(0, 6);
      const done = t.stale.length === 0;
      if (done || Date.now() - t0 > limitMs) {
        return {
          acked: ops.filter((o) => o.outcome === 'acked').length,
          refused: ops.filter((o) => o.outcome === 'refused').length,
          unknown: ops.filter((o) => o.outcome === 'unknown').length,
          lost: t.lost.length,
          duplicated: t.duplicated.length,
          refusedVisible: t.refusedVisible.length,
          stale: t.stale.length,
          ...(done ? { convergedMs: Date.now() - t0 } : {}),
          problems: [...t.lost, ...t.duplicated, ...t.refusedVisible, ...t.stale],
          staleAtHeal,
        };
      }
      await sleep(250);
    }
  } finally {
    await client.end();
  }
}
