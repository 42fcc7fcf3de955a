import type { AuditArea, AuditEntry, AuditPage, AuditPerson } from '@akhada/contracts';
import { exportFile, type ExportColumn, type RequestContext } from '@akhada/kit';
import { sql } from 'kysely';
import type { DashboardDeps } from './deps.ts';

export interface AuditFilter {
  actorId?: string | undefined;
  area?: AuditArea | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Dates of the filter are days of the organization's first location's zone (India by default). */
const base = (deps: Pick<DashboardDeps, 'db' | 'timeZone'>, orgId: string, f: AuditFilter) => {
  let q = deps.db
    .selectFrom('audit as a')
    .leftJoin('actors as who', 'who.user_id', 'a.actor_id')
    .leftJoin('people as p', (j) => j.on(sql`p.id::text`, '=', sql.ref('a.subject_id')))
    .where('a.org_id', '=', orgId);
  if (f.actorId) q = q.where('a.actor_id', '=', f.actorId);
  if (f.area) q = q.where('a.area', '=', f.area);
  if (f.from) q = q.where('a.occurred_at', '>=', sql<Date>`(${f.from}::date)::timestamp at time zone ${deps.timeZone}`);
  if (f.to) q = q.where('a.occurred_at', '<', sql<Date>`((${f.to}::date + 1)::timestamp) at time zone ${deps.timeZone}`);
  return q;
};

const columns = [
  'a.event_id',
  'a.occurred_at',
  'a.area',
  'a.type',
  'a.actor_id',
  'a.location_id',
  'a.subject_id',
  'who.name as actor_name',
  'p.first_name',
  'p.last_name',
] as const;
type Row = {
  event_id: string;
  occurred_at: Date;
  area: AuditArea;
  type: string;
  actor_id: string | null;
  location_id: string | null;
  subject_id: string;
  actor_name: string | null;
  first_name: string | null;
  last_name: string | null;
};
const toEntry = (r: Row): AuditEntry => ({
  eventId: r.event_id,
  occurredAt: r.occurred_at.toISOString(),
  area: r.area,
  type: r.type,
  actorId: r.actor_id,
  actorName: r.actor_name,
  locationId: r.location_id,
  subjectId: r.subject_id,
  subjectName: r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
});

/** GET /dashboard/audit: the organization's trail, newest first, paged. Owners only. */
export const listAudit = async (
  deps: Pick<DashboardDeps, 'db' | 'timeZone'>,
  ctx: RequestContext,
  q: AuditFilter & { page: number; limit: number },
): Promise<AuditPage> => {
  const [{ n } = { n: 0 }] = await base(deps, ctx.orgId, q)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .execute();
  const rows = (await base(deps, ctx.orgId, q)
    .select([...columns])
    .orderBy('a.occurred_at', 'desc')
    .orderBy('a.event_id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute()) as Row[];
  const total = Number(n);
  return { items: rows.map(toEntry), pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) } };
};

/** The export's columns (the kit's exportFile quotes cells and defuses formula-looking ones). */
const COLUMNS: ExportColumn<AuditEntry>[] = [
  { header: 'When', value: (e) => e.occurredAt },
  { header: 'Area', value: (e) => e.area },
  { header: 'What', value: (e) => e.type },
  { header: 'Who', value: (e) => e.actorName },
  { header: 'Who (id)', value: (e) => e.actorId },
  { header: 'Subject', value: (e) => e.subjectName },
  { header: 'Subject (id)', value: (e) => e.subjectId },
  { header: 'Location', value: (e) => e.locationId },
  { header: 'Event', value: (e) => e.eventId },
];
export const EXPORT_MAX_ROWS = 50_000;
const BATCH = 1000;

/** GET /dashboard/audit/export: the filtered trail as CSV, read in keyset pages as the client takes them. */
export const exportAudit = (deps: Pick<DashboardDeps, 'db' | 'timeZone' | 'clock'>, ctx: RequestContext, f: AuditFilter) => {
  async function* entries(): AsyncGenerator<AuditEntry> {
    let after: { at: Date; id: string } | null = null;
    let sent = 0;
    while (sent < EXPORT_MAX_ROWS) {
      let q = base(deps, ctx.orgId, f).select([...columns]);
      if (after) {
        const { at, id } = after;
        q = q.where((eb) => eb.or([eb('a.occurred_at', '<', at), eb.and([eb('a.occurred_at', '=', at), eb('a.event_id', '<', id)])]));
      }
      const rows = (await q.orderBy('a.occurred_at', 'desc').orderBy('a.event_id', 'desc').limit(BATCH).execute()) as Row[];
      if (rows.length === 0) return;
      for (const r of rows) yield toEntry(r);
      sent += rows.length;
      const last = rows[rows.length - 1]!;
      after = { at: last.occurred_at, id: last.event_id };
    }
  }
  return exportFile(entries(), COLUMNS, 'csv', `audit-${deps.clock().toISOString().slice(0, 10)}`);
};

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /dashboard/audit/people: the person filter's typeahead. Owners only and the whole organization, as the trail:
 * staff who acted (actors) and members and trainers (the search projection, its GiST index ranking them), every word
 * of the name as a substring, nearest first.
 */
export const findAuditPeople = async (deps: Pick<DashboardDeps, 'db'>, ctx: RequestContext, q: { q: string; limit: number }): Promise<AuditPerson[]> => {
  const text = q.q.trim().toLowerCase();
  const words = text.split(/\s+/).filter(Boolean);
  const [people, actors] = await Promise.all([
    deps.db
      .selectFrom('people')
      .select(['id', 'kind', 'first_name', 'last_name'])
      .where('org_id', '=', ctx.orgId)
      // On the indexed search text too (a name's words are in it), so the GiST index narrows the rows.
      .where((eb) => eb.and(words.map((w) => eb(sql<string>`search_text`, 'like', likeOf(w)))))
      .where((eb) => eb.and(words.map((w) => eb(sql<string>`lower(first_name || ' ' || last_name)`, 'like', likeOf(w)))))
      .orderBy(sql`search_text operator(public.<->) ${text}`)
      .limit(q.limit)
      .execute(),
    deps.db
      .selectFrom('actors')
      .select(['user_id', 'name'])
      .where('org_id', '=', ctx.orgId)
      .where((eb) => eb.and(words.map((w) => eb(sql<string>`lower(name)`, 'like', likeOf(w)))))
      .orderBy('name')
      .limit(q.limit)
      .execute(),
  ]);
  const found = new Map<string, AuditPerson>();
  // A member or trainer who acted (a self sign-up) is one of the people; the other actors are staff.
  for (const p of people) found.set(p.id, { id: p.id, name: `${p.first_name} ${p.last_name}`.trim(), kind: p.kind });
  for (const a of actors) if (!found.has(a.user_id)) found.set(a.user_id, { id: a.user_id, name: a.name, kind: 'staff' });
  return [...found.values()].slice(0, q.limit);
};
