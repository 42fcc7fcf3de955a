import type { DashboardSearch, SearchResult } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import type { DashboardDeps } from './deps.ts';
import { findPayments, findPeople } from '../db/search-repo.ts';

/** Built once: constructing an Intl.NumberFormat costs ~50 µs, formatting with it ~1 µs. */
const INR = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const rupees = (paise: number) => `₹${INR.format(Math.round(paise / 100))}`;
/** The largest amount a payment row holds (PostgreSQL integer). */
const MAX_PAISE = 2_147_483_647;
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /dashboard/search: members and trainers by name, email or phone (any of its digits), and — for owners and
 * admins — payments by member name, invoice number or amount; only in the caller's locations. Every word must appear
 * as a substring; the nearest by trigram distance come first, straight from the GiST indexes.
 */
export const search = async (deps: Pick<DashboardDeps, 'db'>, ctx: RequestContext, q: { q: string; limit: number }): Promise<DashboardSearch> => {
  const text = q.q.trim().toLowerCase();
  const digits = text.replace(/[^0-9]/g, '');
  // Every word as a substring (any order: "sharma priya" finds Priya Sharma); a phone typed with spaces or dashes as its digits.
  const words = /[^0-9\s+()-]/.test(text) || digits.length < 3 ? text.split(/\s+/).filter(Boolean) : [digits];
  const scope = { orgId: ctx.orgId, locationIds: ctx.locationIds };
  const terms = { patterns: words.map(likeOf), text, limit: q.limit };
  const staff = ctx.role === 'owner' || ctx.role === 'admin';
  const amount = /^₹?\s*[0-9][0-9,]*(\.[0-9]{1,2})?$/.test(text) ? Math.round(Number(text.replace(/[₹,\s]/g, '')) * 100) : null;
  // Both at once: two connections, one round trip of waiting.
  const [peopleRows, payments] = await Promise.all([
    findPeople(deps.db, scope, terms),
    staff ? findPayments(deps.db, scope, terms, amount !== null && amount <= MAX_PAISE ? amount : null) : [],
  ]);
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
