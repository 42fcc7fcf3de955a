// `npm run bench:members`: the members list with a search term, in one organization of 20,000 members, at a steady
// 50 requests a second, against the target of issue 9 (p95 ≤ 50 ms). Prints p50/p95/p99 and PASS or MISS.
//
// Setup: a fresh database (akhada_bench_members, topic namespace `bench`), the members service started as its own
// process at the production log level (it migrates its schema), then 20,000 members and their first terms written
// straight into its read tables by SQL (the list reads only those; going through the API would take minutes), and
// VACUUM ANALYZE. Tokens are signed by a key this script serves as the JWKS the service fetches, as auth's would be.
//
// Ports: members 24102 (ops 25102), JWKS 28102. BENCH_MEMBERS (20000), BENCH_SECONDS (30) after BENCH_WARMUP_SECONDS
// (5), BENCH_RATE (50 req/s); BENCH_CPU_PROF=1 profiles the service. On a shared machine run it under the e2e lock:
//   flock /tmp/akhada-e2e.lock npm run bench:members
import autocannon from 'autocannon';
import { createHash, generateKeyPairSync, randomUUID, sign as signWith } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startProcess } from '../dev/processes.ts';
import { provision } from '../dev/provision.ts';
import { formatSummary, summarize } from './cpu-profile-top.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const PORT = 24_102;
const JWKS_PORT = 28_102;
const TARGET_P95_MS = 50;
/** BENCH_CPU_PROF=1: the members service runs with `node --cpu-prof`; its busiest functions are printed at the end. */
const CPU_PROF = process.env.BENCH_CPU_PROF === '1';

/** Search terms as staff type them: a surname, a first name and the start of a surname, an email, phone digits. */
const TERMS = ['sharma', 'priya pat', 'rohan.reddy1', '98765 4', 'kulkarni', 'ananya', '9123', 'menon', 'vihaan.k', 'isha jo'];

const FIRST = [
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Kabir',
  'Isha',
  'Aditya',
  'Sneha',
  'Vihaan',
  'Diya',
  'Arnav',
  'Kavya',
  'Reyansh',
  'Pooja',
  'Sai',
  'Nisha',
  'Karan',
  'Riya',
];
const LAST = [
  'Sharma',
  'Patel',
  'Reddy',
  'Gupta',
  'Iyer',
  'Khan',
  'Das',
  'Joshi',
  'Mehta',
  'Rao',
  'Kulkarni',
  'Singh',
  'Bose',
  'Menon',
  'Chopra',
  'Naidu',
  'Pillai',
  'Shetty',
];

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** An ES256 key, its JWKS served over HTTP, and tokens signed with it (what auth does for real). */
export const startIssuer = async (port = JWKS_PORT) => {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'bench', alg: 'ES256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const token = (claims: Record<string, unknown>) => {
    const now = Math.floor(Date.now() / 1000);
    const head = b64url(JSON.stringify({ alg: 'ES256', kid: 'bench', typ: 'JWT' }));
    const body = b64url(JSON.stringify({ ...claims, iss: 'akhada-auth', aud: 'akhada', iat: now, exp: now + 3600 }));
    const sig = signWith('sha256', Buffer.from(`${head}.${body}`), { key: privateKey, dsaEncoding: 'ieee-p1363' });
    return `${head}.${body}.${b64url(sig)}`;
  };
  return { url: `http://127.0.0.1:${port}/jwks.json`, token, close: () => new Promise<void>((r) => server.close(() => r())) };
};

/** 20,000 members of one organization over two locations, a deterministic mix of names, states and dates. */
const seed = async (databaseUrl: string, orgId: string, locations: [string, string]) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const t0 = Date.now();
    await client.query('set search_path = members, public');
    await client.query(
      `insert into members (id, org_id, location_id, first_name, last_name, email, phone, membership_type, membership_status,
                            payment_frequency, fee_paise, start_date, end_date, registered_at, version, account_status, payment_method)
       select gen_random_uuid(), $1, (case when i % 2 = 0 then $2 else $3 end)::uuid,
              f.name, l.name,
              lower(f.name || '.' || l.name || i || '@example.in'),
              '+91 9' || lpad(((i * 7919) % 1000000000)::text, 9, '0'),
              (array['basic','premium','vip','annual'])[1 + i % 4],
              (array['active','active','active','expired','frozen','cancelled','pending'])[1 + i % 7],
              (array['monthly','quarterly','annually'])[1 + i % 3],
              150000, current_date - (i % 400), current_date - (i % 400) + 90,
              now() - make_interval(mins => i), 1, 'active', 'upi'
         from generate_series(1, $4::int) as i
         join lateral (select ($5::text[])[1 + (i * 7) % 17] as name) f on true
         join lateral (select ($6::text[])[1 + (i / 17) % 18] as name) l on true`,
      [orgId, locations[0], locations[1], MEMBERS, FIRST, LAST],
    );
    await client.query(
      `insert into membership_terms (member_id, term_no, org_id, membership_type, payment_frequency, payment_method, fee_paise, start_date, end_date, created_at)
       select id, 1, org_id, membership_type, payment_frequency, payment_method, fee_paise, start_date, end_date, registered_at from members`,
    );
    // What autovacuum does soon after a bulk load: statistics, and the trigram index's pending list merged (a GIN
    // index takes bulk inserts into a pending list that every search reads through until a vacuum).
    await client.query('vacuum analyze members');
    await client.query('vacuum analyze membership_terms');
    console.error(`[bench] ${MEMBERS} members written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
};

const TICK_US = 10_000; // USER_HZ = 100 on Linux
const readProc = (f: string): string => {
  try {
    return readFileSync(f, 'utf8');
  } catch {
    return '';
  }
};
/** utime + stime of a process, in clock ticks (after the command name, which may hold spaces: fields 14 and 15). */
const ticksOf = (pid: number): number => {
  const fields = readProc(`/proc/${pid}/stat`).split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
};
/** CPU ticks of the members process and of the PostgreSQL backends serving the bench database, and of the machine. */
const cpuSnapshot = (membersPid: number) => {
  let pg = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    if (readProc(`/proc/${d}/cmdline`).replaceAll('\0', ' ').includes(' akhada_bench_members ')) pg += ticksOf(Number(d));
  }
  const cpu = readProc('/proc/stat').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { members: ticksOf(membersPid), pg, busy: total - idle, total };
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const run = (seconds: number, token: string, record?: number[]) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${PORT}`,
        connections: 10,
        overallRate: RATE,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
        requests: TERMS.map((t) => ({ method: 'GET', path: `/members?search=${encodeURIComponent(t)}&limit=50` })),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    if (record) instance.on('response', (_client, _status, _bytes, ms: number) => record.push(ms));
  });

export async function main(root: string): Promise<void> {
  process.env.AKHADA_TOPIC_NAMESPACE = 'bench';
  const infra = await provision({ root, database: 'akhada_bench_members', fresh: true });
  const issuer = await startIssuer();
  const orgId = randomUUID();
  const locations: [string, string] = [randomUUID(), randomUUID()];
  const profileDir = path.join(root, '.data', 'cpu-profiles', `members-bench-${Date.now()}`);
  if (CPU_PROF) mkdirSync(profileDir, { recursive: true });
  const members = await startProcess({
    name: 'members-bench',
    cwd: root,
    command: process.execPath,
    args: ['--import', 'tsx', path.join(root, 'services', 'members', 'src', 'main.ts')],
    env: {
      PORT: String(PORT),
      DATABASE_URL: infra.databaseUrl,
      KAFKA_BROKERS: infra.brokers.join(','),
      AUTH_JWKS_URL: issuer.url,
      AKHADA_TOPIC_NAMESPACE: 'bench',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      INSTANCE_ID: `bench-${process.pid}`,
      // The members written by SQL have no event streams for the expiry job to append to: keep it out of the run.
      EXPIRY_INTERVAL_MS: '3600000',
      ...(CPU_PROF && { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`.trim() }),
    },
    readyUrl: `http://127.0.0.1:${PORT + 1000}/ready`,
    echo: false,
  });
  try {
    await seed(infra.databaseUrl, orgId, locations);
    const token = issuer.token({ sub: randomUUID(), org: orgId, role: 'owner', locs: locations, sid: randomUUID(), name: 'Bench Owner' });

    // One request per term, checked: 200 and the matches the term should find.
    for (const t of TERMS) {
      const res = await fetch(`http://127.0.0.1:${PORT}/members?search=${encodeURIComponent(t)}&limit=50`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { totalCount?: number; data?: unknown[] };
      if (res.status !== 200) throw new Error(`GET /members?search=${t} answered ${res.status}: ${JSON.stringify(body)}`);
      console.error(`[bench] "${t}": ${body.totalCount} matches, ${body.data?.length} on the page`);
    }

    await run(WARMUP_S, token);
    const latencies: number[] = [];
    const before = cpuSnapshot(members.pid);
    const result = await run(DURATION_S, token, latencies);
    const after = cpuSnapshot(members.pid);
    const perRequest = (ticks: number) => ((ticks * TICK_US) / Math.max(1, latencies.length)).toFixed(0);
    const cores = availableParallelism();
    const machineBusy = ((after.busy - before.busy) / Math.max(1, after.total - before.total)) * cores;
    const ours = ((after.members - before.members + after.pg - before.pg) * TICK_US) / 1e6 / DURATION_S;
    latencies.sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(latencies, p)) as [number, number, number];
    const ok = result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
    const pass = ok && p95 <= TARGET_P95_MS;
    const digest = createHash('sha1').update(TERMS.join('|')).digest('hex').slice(0, 8);
    console.log(
      [
        '',
        `GET /members?search=…&limit=50, ${MEMBERS} members in one organization, ${RATE} req/s for ${DURATION_S} s (${TERMS.length} terms, set ${digest})`,
        `  requests ${latencies.length} (${result.requests.average.toFixed(1)}/s), non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts}`,
        `  latency p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
        `  CPU per request: members ${perRequest(after.members - before.members)} µs, PostgreSQL ${perRequest(after.pg - before.pg)} µs`,
        `  machine: ${machineBusy.toFixed(2)} of ${cores} cores busy, ${ours.toFixed(2)} of them this benchmark's service and database (the rest: other work, which the latency includes)`,
        `  target p95 ≤ ${TARGET_P95_MS} ms: ${pass ? 'PASS' : 'MISS'}`,
        '',
      ].join('\n'),
    );
  } finally {
    await members.stop();
    await issuer.close();
    if (CPU_PROF) {
      const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
      for (const f of files) console.log(`${formatSummary(summarize(path.join(profileDir, f)))}\n  (${path.relative(root, path.join(profileDir, f))})\n`);
    }
    // The bench's topics stay (namespace `bench`); the database is dropped at the next run (fresh).
  }
}
