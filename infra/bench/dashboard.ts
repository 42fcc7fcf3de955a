// `npm run bench:dashboard` (prints figures; not a test, never fails on a miss): the dashboard's read side through the
// gateway, against the targets of issue 12: GET /dashboard/overview at a steady 200 req/s (evenly spaced: paced-load.ts) with p95 ≤ 20 ms, and the
// global search (GET /dashboard/search) on an organization of 20,000 members with p95 ≤ 50 ms.
//
// Setup: its own copy of the stack on the bench ports (services 24101-24110, gateway 28080) with a fresh database
// (akhada_bench_dashboard, topic namespace `benchdash`), at the production log level. A gym is registered through the
// API (its owner's token is the one the requests carry); then its read model is written straight into the dashboard's
// tables by SQL, as its consumers would have made it from the events (going through the members API would take many
// minutes): BENCH_DASHBOARD_MEMBERS members (20,000) with their statuses, 40 trainers, a day of check-ins, two months
// of payments and their activity lines; VACUUM ANALYZE. The overview is then measured as staff see it (the service keeps
// a computed overview while the organization's read model does not change), and once more with a change between every
// request (each answer computed afresh from the tables).
//
// BENCH_SECONDS (10) after BENCH_WARMUP_SECONDS (3). BENCH_CPU_PROF=1 runs every process of the stack with
// `node --cpu-prof` and prints the busiest functions of the dashboard service and the gateway over the timed search run.
// On a shared machine run it under the bench lock:
//   flock /tmp/akhada-bench.lock npm run bench:dashboard
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startBenchStack } from './bench-stack.ts';
import { call, load, percentile, registerBenchGym } from './bench-api.ts';
import { formatSummary, summarize } from './cpu-profile-top.ts';
import { coresByKind, describeShare, snapshot } from './cpu-share.ts';
import { pacedLoad } from './paced-load.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const MEMBERS = Number(process.env.BENCH_DASHBOARD_MEMBERS ?? 20_000);
const RATE = 200;
const SEARCH_RATE = 50;
const PORT_OFFSET = 20_000;
const GATEWAY_PORT = 28_080;
const SMTP = { smtpPort: 22_525, httpPort: 28_025 };
const DATABASE = 'akhada_bench_dashboard';
const TARGET = { overviewP95Ms: 20, searchP95Ms: 50 };
const CPU_PROF = process.env.BENCH_CPU_PROF === '1';
const IDLE_S = 5;
/** As staff type them: a surname, a first name, the start of a name, an email, phone digits, an invoice number, an amount. */
const TERMS = ['sharma', 'priya', 'roh', 'ananya.iyer12', '98765 4', '9123', 'INV-2026-00042', '1500', 'kulkarni', 'vihaan'];
const FIRST = [
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Vihaan',
  'Isha',
  'Kabir',
  'Diya',
  'Arjun',
  'Meera',
  'Reyansh',
  'Saanvi',
  'Aditya',
  'Kavya',
  'Vivaan',
  'Anika',
  'Krishna',
];
const LAST = [
  'Sharma',
  'Patel',
  'Reddy',
  'Iyer',
  'Kulkarni',
  'Menon',
  'Joshi',
  'Nair',
  'Gupta',
  'Singh',
  'Rao',
  'Das',
  'Bose',
  'Khan',
  'Verma',
  'Mehta',
  'Pillai',
  'Chopra',
];

/** A new gym and its owner's token, as a customer would make one; its organization and location from the token. */
const newGym = async (base: string) => {
  const token = await registerBenchGym(base);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { org: string; locs: string[] };
  return { token, orgId: claims.org, locationId: claims.locs[0]! };
};

/** The organization's read model, as the dashboard's consumers make it from the events. */
const seed = async (databaseUrl: string, orgId: string, locationId: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const t0 = Date.now();
    await client.query('set search_path = dashboard, public');
    await client.query(
      `insert into people (id, kind, org_id, location_id, first_name, last_name, email, phone, status, membership_type, registered_at, updated_at)
       select gen_random_uuid(), 'member', $1, $2, f.name, l.name, lower(f.name || '.' || l.name || i || '@example.in'),
              '+91 9' || lpad(((i * 7919) % 1000000000)::text, 9, '0'),
              (array['active','active','active','expired','frozen','cancelled','pending'])[1 + i % 7],
              (array['basic','premium','vip','annual'])[1 + i % 4], now() - make_interval(mins => i * 5), now() - make_interval(mins => i * 5)
         from generate_series(1, $3::int) as i
         join lateral (select ($4::text[])[1 + (i * 7) % 17] as name) f on true
         join lateral (select ($5::text[])[1 + (i / 17) % 18] as name) l on true`,
      [orgId, locationId, MEMBERS, FIRST, LAST],
    );
    await client.query(
      `insert into people (id, kind, org_id, location_id, first_name, last_name, email, phone, status, registered_at, updated_at)
       select gen_random_uuid(), 'trainer', $1, $2, 'Trainer', 'No ' || i, 'trainer' || i || '@example.in', '+91 98000 000' || lpad(i::text, 2, '0'),
              'active', now() - interval '90 days', now() - interval '90 days'
         from generate_series(1, 40) as i`,
      [orgId, locationId],
    );
    await client.query(
      `insert into status_changes (event_id, org_id, location_id, kind, person_id, status, at)
       select gen_random_uuid(), org_id, location_id, kind, id, status, registered_at from people where org_id = $1`,
      [orgId],
    );
    await client.query(
      `insert into check_ins (attendance_id, org_id, location_id, person_id, type, name, at)
       select gen_random_uuid(), $1, $2, p.id, 'member', p.first_name || ' ' || p.last_name, now() - make_interval(secs => i * 40)
         from generate_series(1, 4000) as i join lateral (select id, first_name, last_name from people where org_id = $1 offset i limit 1) p on true`,
      [orgId, locationId],
    );
    await client.query(
      `insert into payments (id, org_id, location_id, member_id, member_name, invoice_number, amount_paise, refunded_paise, category, status, created_at, paid_at, settled_at, updated_at)
       select gen_random_uuid(), $1, $2, null, 'Member ' || i, 'INV-2026-' || lpad(i::text, 5, '0'), 150000 + (i % 5) * 50000, 0, 'member',
              case when i % 10 = 0 then 'pending' else 'completed' end, now() - make_interval(hours => i), case when i % 10 = 0 then null else now() - make_interval(hours => i) end,
              case when i % 10 = 0 then null else now() - make_interval(hours => i) end, now() - make_interval(hours => i)
         from generate_series(1, 1500) as i`,
      [orgId, locationId],
    );
    await client.query(
      `insert into activity (event_id, org_id, location_id, kind, at, person_id, name, amount_paise, detail)
       select gen_random_uuid(), org_id, location_id, 'check_in', at, person_id, name, null, 'member' from check_ins where org_id = $1
       union all select gen_random_uuid(), org_id, location_id, 'payment', created_at, null, member_name, amount_paise, status from payments where org_id = $1
       union all select gen_random_uuid(), org_id, location_id, 'member', registered_at, id, first_name || ' ' || last_name, null, membership_type from people where org_id = $1 and kind = 'member'`,
      [orgId],
    );
    for (const t of ['people', 'status_changes', 'check_ins', 'payments', 'activity']) await client.query(`vacuum analyze ${t}`);
    await client.query(`insert into org_versions (org_id, version) values ($1, 1) on conflict (org_id) do update set version = org_versions.version + 1`, [
      orgId,
    ]);
    console.error(`[bench] read model of ${MEMBERS} members written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
};

/** `rate` requests per second, evenly spaced (open loop), the paths in turn; latencies from each request's due time. */
const run = (base: string, token: string, paths: string[], rate: number, seconds: number, record?: number[]) =>
  pacedLoad({
    origin: base,
    rate,
    seconds,
    connections: 32,
    headers: { authorization: `Bearer ${token}` },
    request: (k) => ({ method: 'GET', path: `/api${paths[k % paths.length]!}` }),
  }).then((r) => {
    record?.push(...r.latencies);
    return r;
  });

const figures = (latencies: number[]) => {
  const s = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
};

export async function main(root: string): Promise<void> {
  const loadBefore = load();
  const { infra, stack, profileDir } = await startBenchStack({
    root,
    name: 'dashboard',
    database: DATABASE,
    smtp: SMTP,
    portOffset: PORT_OFFSET,
    gatewayPort: GATEWAY_PORT,
    namespace: 'benchdash',
    cpuProf: CPU_PROF,
  });
  const lines: string[] = [];
  /** The timed search run on the monotonic clock: the profiles are summarised over it only. */
  let searchWindow: { fromUs: number; toUs: number } | undefined;
  try {
    const base = stack.gatewayUrl;
    const { token, orgId, locationId } = await newGym(base);
    await seed(infra.databaseUrl, orgId, locationId);

    // Checked once: the answers are right before they are timed.
    const first = await call(base, 'GET', '/dashboard/overview', undefined, token);
    if (first.status !== 200) throw new Error(`overview: ${first.status} ${JSON.stringify(first.json)}`);
    const cards = (first.json as { data: { cards: Record<string, { value: number | null }> } }).data.cards;
    console.error(
      `[bench] overview: ${Object.entries(cards)
        .map(([k, v]) => `${k} ${v.value}`)
        .join(', ')}`,
    );
    for (const t of TERMS) {
      const r = await call(base, 'GET', `/dashboard/search?q=${encodeURIComponent(t)}`, undefined, token);
      if (r.status !== 200) throw new Error(`search ${t}: ${r.status} ${JSON.stringify(r.json)}`);
      console.error(`[bench] search "${t}": ${(r.json as { data: { results: unknown[] } }).data.results.length} results`);
    }

    // 1. The overview as staff see it at 200 req/s.
    await run(base, token, ['/dashboard/overview'], RATE, WARMUP_S);
    const loadAtRun = load();
    const overviewMs: number[] = [];
    const overview = await run(base, token, ['/dashboard/overview'], RATE, DURATION_S, overviewMs);
    const o = figures(overviewMs);

    // 2. Computed afresh: the organization's read model changes before every request (what a busy gym's stream of
    // events does at worst), so no answer comes from the service's cache. Sequential, 200 requests.
    const client = new pg.Client({ connectionString: infra.databaseUrl });
    await client.connect();
    const freshMs: number[] = [];
    try {
      for (let i = 0; i < 200; i++) {
        await client.query('update dashboard.org_versions set version = version + 1 where org_id = $1', [orgId]);
        const t0 = performance.now();
        const r = await fetch(`${base}/api/dashboard/overview`, { headers: { authorization: `Bearer ${token}` } });
        await r.arrayBuffer();
        freshMs.push(performance.now() - t0);
      }
    } finally {
      await client.end();
    }
    const f = figures(freshMs);

    // 3. Search on 20,000 members, the terms in turn.
    const searchPaths = TERMS.map((t) => `/dashboard/search?q=${encodeURIComponent(t)}`);
    // What each process burns with no request at all (consumers polling, timers), taken off its share of the search run.
    const idleBefore = snapshot(root);
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    const idle = coresByKind(idleBefore, snapshot(root));
    await run(base, token, searchPaths, SEARCH_RATE, WARMUP_S);
    const cpuBefore = snapshot(root);
    const searchMs: number[] = [];
    const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
    searchWindow = { fromUs: monotonicUs(), toUs: 0 };
    const search = await run(base, token, searchPaths, SEARCH_RATE, DURATION_S, searchMs);
    searchWindow.toUs = monotonicUs();
    const cores = coresByKind(cpuBefore, snapshot(root));
    const s = figures(searchMs);

    lines.push(
      '',
      `npm run bench:dashboard — through the gateway, NODE_ENV=production LOG_LEVEL=info, ${MEMBERS} members + 40 trainers, 4,000 check-ins, 1,500 payments; requests evenly spaced at the given rate (open loop, latency from each request's due time), sent from this process`,
      `  load average (1/5/15 min): before setup ${loadBefore}; at the timed run ${loadAtRun}; after ${load()}`,
      `  GET /dashboard/overview at ${RATE} req/s for ${DURATION_S} s: ${overviewMs.length} requests (${overview.rate.toFixed(0)}/s answered, ${overview.late} sent late), ` +
        `p50 ${o.p50.toFixed(1)} ms, p95 ${o.p95.toFixed(1)} ms, p99 ${o.p99.toFixed(1)} ms, ${overview.errors} errors/non-2xx`,
      `  GET /dashboard/overview computed afresh (read model changed before each, 200 sequential): p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms`,
      `  GET /dashboard/search (${TERMS.length} terms) at ${SEARCH_RATE} req/s for ${DURATION_S} s: ${searchMs.length} requests (${search.late} sent late), ` +
        `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, ${search.errors} errors/non-2xx`,
      ...(cores && searchMs.length > 0
        ? [
            `  CPU per search (net of each process's idle share): ${[...cores.entries()]
              .filter(([kind, c]) => c.cores >= 0.01 && kind !== 'other')
              .sort((a, b) => b[1].cores - a[1].cores)
              .map(([kind, c]) => {
                const us = (x: number) => ((x * 1e6 * DURATION_S) / searchMs.length).toFixed(0);
                return `${kind} ${us(c.cores - (idle?.get(kind)?.cores ?? 0))} µs`;
              })
              .join(', ')}`,
            `  ${describeShare(cores)}`,
          ]
        : []),
      '',
      `  ${o.p95 <= TARGET.overviewP95Ms && overview.errors === 0 ? 'PASS' : 'MISS'}  overview p95 ≤ ${TARGET.overviewP95Ms} ms at ${RATE} req/s: ${o.p95.toFixed(1)} ms`,
      `  ${s.p95 <= TARGET.searchP95Ms && search.errors === 0 ? 'PASS' : 'MISS'}  search p95 ≤ ${TARGET.searchP95Ms} ms on ${MEMBERS} members: ${s.p95.toFixed(1)} ms`,
      '',
    );
  } finally {
    await stack.stop();
    await infra.stop();
  }
  console.log(lines.join('\n'));
  if (CPU_PROF) {
    // Every process of the stack wrote one profile when it stopped; show the ones on the search's path.
    const summaries = readdirSync(profileDir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => ({ file: path.join(profileDir, f), summary: summarize(path.join(profileDir, f), searchWindow) }));
    console.log(`CPU profiles over the timed search run only:`);
    for (const name of ['dashboard', 'gateway'])
      for (const found of summaries.filter((s) => s.summary.process === name))
        console.log(`${formatSummary(found.summary)}\n  (${path.relative(root, found.file)})\n`);
  }
}
