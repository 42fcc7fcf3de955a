import type { DashboardSearch, SearchResult } from '@akhada/contracts';
import { requireRole, type RequestContext } from '@akhada/kit';
import { sql } from 'kysely';
import type { DashboardDeps } from './deps.ts';
import { orNone } from './access.ts';

const rupees = (paise: number) => `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(Math.round(paise / 100))}`;
/** The largest amount a payment row holds (PostgreSQL integer). */
const MAX_PAISE = 2_147_483_647;
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /dashboard/search: members and trainers by name, email or phone (any of its digits), and — for owners and
 * admins — payments by member name, invoice number or amount; only in the caller's locations. Substring matches use
 * the trigram indexes, words the full-text index; best matches first.
 */
export const search = async (deps: Pick<DashboardDeps, 'db'>, ctx: RequestContext, q: { q: string; limit: number }): Promise<DashboardSearch> => {
  requireRole(ctx, ['owner', 'admin', 'trainer'], 'Only staff can search the gym');
  const text = q.q.trim().toLowerCase();
  const digits = text.replace(/[^0-9]/g, '');
  const locations = orNone(ctx.locationIds);
  const pattern = likeOf(text);
  const peopleRows = await deps.db
    .selectFrom('people')
    .select(['id', 'kind', 'first_name', 'last_name', 'email', 'phone', 'location_id'])
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locations)
    .where('status', '!=', 'archived')
    .where((eb) => {
      const or = [eb(sql<string>`search_text`, 'like', pattern), eb(sql<string>`search_tsv`, '@@', sql<string>`plainto_tsquery('simple', ${text})`)];
      if (digits.length >= 3 && digits !== text) or.push(eb(sql<string>`search_text`, 'like', likeOf(digits)));
      return eb.or(or);
    })
    .orderBy(sql`public.similarity(search_text, ${text})`, 'desc')
    .orderBy('id')
    .limit(q.limit)
    .execute();
  const results: SearchResult[] = peopleRows.map((r) => ({
    kind: r.kind,
    id: r.id,
    title: `${r.first_name} ${r.last_name}`.trim(),
    subtitle: [r.phone, r.email].filter(Boolean).join(' · '),
    locationId: r.location_id,
    href: r.kind === 'member' ? `/dashboard/members/${r.id}` : `/dashboard/trainers/${r.id}`,
  }));
  if (ctx.role === 'owner' || ctx.role === 'admin') {
    const amount = /^₹?\s*[0-9][0-9,]*(\.[0-9]{1,2})?$/.test(text) ? Math.round(Number(text.replace(/[₹,\s]/g, '')) * 100) : null;
    const payments = await deps.db
      .selectFrom('payments')
      .select(['id', 'member_name', 'invoice_number', 'amount_paise', 'location_id'])
      .where('org_id', '=', ctx.orgId)
      .where('location_id', 'in', locations)
      .where((eb) => {
        const or = [eb(sql<string>`search_text`, 'like', pattern)];
        if (amount !== null && amount <= MAX_PAISE) or.push(eb('amount_paise', '=', amount));
        return eb.or(or);
      })
      .orderBy(sql`public.similarity(search_text, ${text})`, 'desc')
      .orderBy('created_at', 'desc')
      .limit(q.limit)
      .execute();
    for (const p of payments)
      results.push({
        kind: 'payment',
        id: p.id,
        title: p.member_name,
        subtitle: [p.invoice_number, rupees(Number(p.amount_paise))].filter(Boolean).join(' · '),
        locationId: p.location_id,
        href: `/dashboard/payments/${p.id}`,
      });
  }
  return { query: q.q, results: results.slice(0, q.limit) };
};
