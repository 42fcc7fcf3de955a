import type { FunnelExportQuery, FunnelFigures, FunnelQuery, FunnelReport, FunnelRow, LeadSource, LostReason } from '@akhada/contracts';
import { exportFile, type ExportColumn, type RequestContext } from '@akhada/kit';
import { forbidden, notFound } from '@akhada/kit/domain';
import { funnelCounts, lostReasonCounts, type FunnelCountRow, type FunnelScope } from '../db/reports-repo.ts';
import { staffNames } from '../db/staff-repo.ts';
import type { EnquiriesDeps } from './deps.ts';

const SOURCE_LABELS: Record<LeadSource, string> = {
  walk_in: 'Walk-in',
  phone: 'Phone',
  website: 'Website',
  instagram: 'Instagram',
  google: 'Google',
  referral: 'Referral',
  other: 'Other',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Rounded to one decimal (half away from zero, as a person would). */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

const figures = (c: FunnelCountRow | undefined): FunnelFigures => {
  const enquiries = c?.enquiries ?? 0;
  const joined = c?.joined ?? 0;
  return {
    enquiries,
    trials: c?.trials ?? 0,
    joined,
    conversionPct: enquiries === 0 ? 0 : oneDecimal((joined / enquiries) * 100),
    medianDaysToJoin: c?.median_days == null ? null : oneDecimal(c.median_days),
  };
};

/** Every month from the one of `from` to the one of `to` (YYYY-MM), so a month without enquiries shows as a zero line. */
const monthsOf = (from: string, to: string): string[] => {
  const out: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= last) return out;
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
};

/** A row's key in words: the source, the month, or the owner's name (their id when not known yet). */
const labelOf = (by: FunnelQuery['by'], key: string, names: Map<string, string>): string => {
  if (by === 'source') return SOURCE_LABELS[key as LeadSource] ?? key;
  if (by === 'month') return `${MONTHS[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
  return key === 'none' ? 'Unassigned' : (names.get(key) ?? key);
};

/**
 * The leads the report counts: an owner's organization (or the one location asked for), an admin's locations. A location
 * of another organization is "not found", one the admin does not run is refused.
 */
const scopeFor = async (deps: Pick<EnquiriesDeps, 'directory'>, ctx: RequestContext, q: FunnelQuery): Promise<FunnelScope> => {
  const base = { orgId: ctx.orgId, from: q.from, to: q.to };
  if (!q.locationId) return { ...base, locationIds: ctx.role === 'owner' ? null : ctx.locationIds };
  const location = await deps.directory.location(q.locationId);
  if (!location || location.orgId !== ctx.orgId) throw notFound('Location');
  if (ctx.role !== 'owner' && !ctx.locationIds.includes(q.locationId)) throw forbidden('You cannot see that location');
  return { ...base, locationIds: [q.locationId] };
};

/**
 * GET /enquiries/reports/funnel: the leads captured between from and to (each in its location's calendar) grouped by
 * source, owner or month: how many enquired, reached a trial, joined; conversion and median days to join; lost reasons.
 * Sources and owners are listed most enquiries first; months in order, every month of the range.
 */
export const funnelReport = async (deps: Pick<EnquiriesDeps, 'db' | 'directory'>, ctx: RequestContext, q: FunnelQuery): Promise<FunnelReport> => {
  const scope = await scopeFor(deps, ctx, q);
  const [counts, lost] = await Promise.all([funnelCounts(deps.db, scope, q.by), lostReasonCounts(deps.db, scope)]);
  const groups = counts.filter((c): c is FunnelCountRow & { key: string } => c.key !== null);
  const names =
    q.by === 'owner'
      ? await staffNames(
          deps.db,
          ctx.orgId,
          groups.map((g) => (g.key === 'none' ? null : g.key)),
        )
      : new Map<string, string>();
  const row = (key: string, c: FunnelCountRow | undefined): FunnelRow => ({ key, label: labelOf(q.by, key, names), ...figures(c) });
  const rows =
    q.by === 'month'
      ? monthsOf(q.from, q.to).map((m) =>
          row(
            m,
            groups.find((g) => g.key === m),
          ),
        )
      : groups.sort((a, b) => b.enquiries - a.enquiries || a.key.localeCompare(b.key)).map((g) => row(g.key, g));
  return {
    by: q.by,
    from: q.from,
    to: q.to,
    rows,
    totals: figures(counts.find((c) => c.key === null)),
    lostReasons: lost.map((l) => ({ reason: l.reason as LostReason, count: l.count })),
  };
};

type Line = FunnelRow | (FunnelFigures & { key: 'total'; label: string });
const COLUMNS = (by: FunnelQuery['by']): ExportColumn<Line>[] => [
  { header: by === 'source' ? 'Source' : by === 'owner' ? 'Owner' : 'Month', value: (r) => r.label },
  { header: 'Key', value: (r) => r.key },
  { header: 'Enquiries', value: (r) => r.enquiries },
  { header: 'Trials', value: (r) => r.trials },
  { header: 'Joined', value: (r) => r.joined },
  { header: 'Conversion %', value: (r) => r.conversionPct },
  { header: 'Median days to join', value: (r) => r.medianDaysToJoin },
];

/** GET /enquiries/reports/funnel/export: the same report as a file, one line per group and a Total line last. */
export const exportFunnel = async (deps: Pick<EnquiriesDeps, 'db' | 'directory'>, ctx: RequestContext, q: FunnelExportQuery) => {
  const report = await funnelReport(deps, ctx, q);
  async function* lines(): AsyncGenerator<Line> {
    yield* report.rows;
    yield { key: 'total', label: 'Total', ...report.totals };
  }
  return exportFile(lines(), COLUMNS(q.by), q.format, `enquiry-funnel-${q.by}-${q.from}-${q.to}`);
};
