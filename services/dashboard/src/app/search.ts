import type { DashboardSearch, SearchResult } from '@akhada/contracts';
import { requireRole, type RequestContext } from '@akhada/kit';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DashboardDeps } from './deps.ts';
import { orNone } from './access.ts';

const rupees = (paise: number) => `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(Math.round(paise / 100))}`;
/** The largest amount a payment row holds (PostgreSQL integer). */
const MAX_PAISE = 2_147_483_647;
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /dashboard/search: members and trainers by name, email or phone (any of its digits), and — for owners and
 * admins — payments by member name, invoice number or amount; only in the caller's locations. Every word must appear
 * as a substring; the nearest by trigram distance come first, straight from the GiST indexes.
 */
export const search = async (deps: Pick<DashboardDeps, 'db'>, ctx: RequestContext, q: { q: string; limit: number }): Promise<DashboardSearch> => {
  requireRole(ctx, ['owner', 'admin', 'trainer'], 'Only staff can search the gym');
  const text = q.q.trim().toLowerCase();
  const digits = text.replace(/[^0-9]/g, '');
  // Every word as a substring (any order: "sharma priya" finds Priya Sharma); a phone typed with spaces or dashes as its digits.
  const words = /[^0-9\s+()-]/.test(text) || digits.length < 3 ? text.split(/\s+/).filter(Boolean) : [digits];
  const locations = orNone(ctx.locationIds);
  const everyWord = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => eb.and(words.map((w) => eb(sql<string>`search_text`, 'like', likeOf(w))));
  // Nearest first by trigram distance (1 − similarity): a GiST index scan hands over the best `limit` rows directly.
  const byDistance = sql`search_text operator(public.<->) ${text}`;
  const peopleQuery = deps.db
    .selectFrom('people')
    .select(['id', 'kind', 'first_name', 'last_name', 'email', 'phone', 'location_id'])
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locations)
    .where('status', '!=', 'archived')
    .where((eb) => everyWord(eb))
    .orderBy(byDistance)
    .limit(q.limit)
    .execute();
  const staff = ctx.role === 'owner' || ctx.role === 'admin';
  const amount = /^₹?\s*[0-9][0-9,]*(\.[0-9]{1,2})?$/.test(text) ? Math.round(Number(text.replace(/[₹,\s]/g, '')) * 100) : null;
  const paymentsQuery = staff
    ? deps.db
        .selectFrom('payments')
        .select(['id', 'member_name', 'invoice_number', 'amount_paise', 'location_id'])
        .where('org_id', '=', ctx.orgId)
        .where('location_id', 'in', locations)
        .where((eb) => (amount !== null && amount <= MAX_PAISE ? eb.or([everyWord(eb), eb('amount_paise', '=', amount)]) : everyWord(eb)))
        .orderBy(byDistance)
        .limit(q.limit)
        .execute()
    : Promise.resolve([]);
  // Both at once: two connections, one round trip of waiting.
  const [peopleRows, payments] = await Promise.all([peopleQuery, paymentsQuery]);
  const results: SearchResult[] = peopleRows.map((r) => ({
    kind: r.kind,
    id: r.id,
    title: `${r.first_name} ${r.last_name}`.trim(),
    subtitle: [r.phone, r.email].filter(Boolean).join(' · '),
    locationId: r.location_id,
    href: r.kind === 'member' ? `/dashboard/members/${r.id}` : `/dashboard/trainers/${r.id}`,
  }));
  for (const p of payments)
    results.push({
      kind: 'payment',
      id: p.id,
      title: p.member_name,
      subtitle: [p.invoice_number, rupees(Number(p.amount_paise))].filter(Boolean).join(' · '),
      locationId: p.location_id,
      href: `/dashboard/payments/${p.id}`,
    });
  return { query: q.q, results: results.slice(0, q.limit) };
};
