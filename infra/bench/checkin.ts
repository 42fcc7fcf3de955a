// `npm run bench:checkin` (prints figures; not a test, never fails on a miss): the busiest write path of the product,
// POST /attendance/check-in through the gateway, against the targets of issue 10: ≥ 1,500 check-ins/s at p99 ≤ 50 ms
// with 0 errors, ≥ 50 % of what pgbench inserts (one row per transaction) on the same PostgreSQL, and the check-in →
// staff socket push at p99 ≤ 300 ms at 70 % of the check-ins/s just measured (BENCH_PUSH_RATE to fix a rate), and
// issue 30's capacity ratio: check-ins/s over the bare @fastify/http-proxy's no-op rate on the same machine (≥ 0.25).
//
// Setup: its own copy of the stack on the bench ports (services 24101-24110 and +100 per extra instance, gateway
// 28080) with a fresh database (akhada_bench_checkin, topic namespace `bench`), attendance run as
// ATTENDANCE_INSTANCES instances (default 2) behind the gateway, at the production log level. A gym on the
// Enterprise plan gets BENCH_CHECKIN_MEMBERS members (default 20,000), written straight into attendance's own copy of
// the members (its `members` table, as its consumer makes it from members' events — through the members API this took
// ~12 minutes for 20,000, and the projection of their events still ran during the timed run); the first few check-ins
// through the API prove the copy is what the service reads. Every timed check-in is of a distinct member, so none is
// refused as "already inside".
//
// BENCH_SECONDS (10) after BENCH_WARMUP_SECONDS (3), BENCH_CONNECTIONS (32). The load average is printed with the
// figures: on a shared machine run it under the e2e lock, when the machine is otherwise quiet:
//   flock /tmp/akhada-e2e.lock npm run bench:checkin
// With the figures it prints the CPU time per check-in of each process on the path (Linux /proc): robust to other
// work on the machine, the measure to compare before and after a change. BENCH_CPU_PROF=1 runs every process of the
// stack with `node --cpu-prof` and prints the busiest functions of attendance, the gateway and notifications.
import { ATTENDANCE_SOCKET_EVENTS, attendanceRoutes } from '@akhada/contracts';
import { io, type Socket } from 'socket.io-client';
import autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { payForPlan } from '@akhada/test-support/plan';
import { startBenchStack } from './bench-stack.ts';
import { call, load, percentile, registerBenchGym } from './bench-api.ts';
import { formatSummary, summarize } from './cpu-profile-top.ts';
import { coresByKind, describeShare, settled, snapshot } from './cpu-share.ts';
import { pacedLoad } from './paced-load.ts';
import { startBareProxy, startHelloWorld } from './ceilings.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const MEMBERS = Number(process.env.BENCH_CHECKIN_MEMBERS ?? 20_000);
const INSTANCES = Number(process.env.ATTENDANCE_INSTANCES ?? 2);
const PORT_OFFSET = 20_000;
const GATEWAY_PORT = 28_080;
const SMTP = { smtpPort: 22_525, httpPort: 28_025 };
const DATABASE = 'akhada_bench_checkin';
const CPU_PROF = process.env.BENCH_CPU_PROF === '1';
const IDLE_S = 5;
const TARGET = { rps: 1_500, p99Ms: 50, pgbenchShare: 0.5, pushP99Ms: 300 };
/** The push run's rate as a share of the check-ins/s the saturating run measured. */
const PUSH_SHARE = 0.7;
/** Check-ins/s through the gateway over the bare @fastify/http-proxy's no-op rate on this machine (issue 30's goal). */
const CAPACITY_RATIO_GOAL = 0.25;
const HELLO_PORT = 28_090;
const BARE_PROXY_PORT = 28_091;

/**
 * The no-op ceiling: the bare @fastify/http-proxy (bare-proxy.ts) in front of a Fastify route that does nothing
 * (hello-world.ts), POSTed a check-in's body by the same autocannon set-up, the stack idle beside it.
 */
const noopProxyRate = async (root: string): Promise<number> => {
  const hello = await startHelloWorld(root, HELLO_PORT);
  try {
    const proxy = await startBareProxy(root, BARE_PROXY_PORT, `http://127.0.0.1:${HELLO_PORT}`);
    try {
      const run = (seconds: number) =>
        autocannon({
          url: `http://127.0.0.1:${BARE_PROXY_PORT}/api/members`,
          method: 'POST',
          connections: CONNECTIONS,
          duration: seconds,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ memberId: '00000000-0000-4000-8000-000000000000', checkInMethod: 'kiosk' }),
        });
      await run(WARMUP_S);
      const r = await run(DURATION_S);
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`the no-op proxy answered ${r.non2xx} non-2xx and ${r.errors} errors`);
      return r.requests.average;
    } finally {
      await proxy.stop();
    }
  } finally {
    await hello.stop();
  }
};

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
/** A new gym on the Enterprise plan (no member limit) and its owner's token, as a customer would make one. */
const newGym = async (base: string) => {
  const token = await registerBenchGym(base);
  await payForPlan((method, p, body) => call(base, method, p, body, token), 'enterprise');
  return token;
};

/** n active members of the gym's first location in attendance's copy of the members (SQL, as its consumer writes it). */
const addMembers = async (databaseUrl: string, token: string, n: number): Promise<string[]> => {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { org: string; locs: string[] };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const t0 = Date.now();
    const { rows } = await client.query<{ id: string }>(
      `insert into attendance.members (id, org_id, location_id, first_name, last_name, email, phone, status, start_date, end_date, updated_at)
       select gen_random_uuid(), $1, $2, 'Bench' || i, 'Member', 'b' || i || '@example.in', '+91 91234 56789', 'active',
              (now() - interval '10 days')::date, (now() + interval '1 year')::date, now()
         from generate_series(1, $3::int) as i
       returning id`,
      [claims.org, claims.locs[0], n],
    );
    await client.query('analyze attendance.members');
    console.error(`[bench] ${rows.length} members written into attendance's copy in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
};

/** Check-ins through the gateway, one distinct member per request, until `seconds` pass or the members run out. */
const checkIns = (base: string, token: string, memberIds: string[], seconds: number) =>
  new Promise<{ result: autocannon.Result; latencies: number[] }>((resolve, reject) => {
    let i = 0;
    const latencies: number[] = [];
    // One request per member (`amount`), stopped after `seconds` by a timer (autocannon's `amount` replaces its duration).
    const instance: autocannon.Instance = autocannon(
      {
        url: `${base}/api/attendance/check-in`,
        method: 'POST',
        connections: CONNECTIONS,
        amount: memberIds.length,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const memberId = memberIds[i++ % memberIds.length]!;
              return { ...req, body: JSON.stringify({ memberId, checkInMethod: 'kiosk' }) };
            },
          },
        ],
      },
      (err, result) => {
        clearTimeout(timer);
        if (err) reject(err);
        else resolve({ result, latencies });
      },
    );
    const timer = setTimeout(() => instance.stop(), seconds * 1000);
    instance.on('response', (_client, _status, _bytes, ms: number) => latencies.push(ms));
  });

/** pgbench's single-row insert rate (one insert per transaction, as a check-in's own row) on the same server. */
const pgbenchRate = async (databaseUrl: string): Promise<number | string> => {
  const bin = ['pgbench', '/usr/lib/postgresql/16/bin/pgbench', '/usr/lib/postgresql/15/bin/pgbench'].find((b) => b === 'pgbench' || existsSync(b))!;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      'create table if not exists bench_pgbench_checkin (id bigserial primary key, member_id uuid not null, location_id uuid not null, at timestamptz not null default now())',
    );
  } finally {
    await client.end();
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'akhada-pgbench-'));
  const script = path.join(dir, 'insert.sql');
  writeFileSync(script, 'insert into bench_pgbench_checkin (member_id, location_id) values (gen_random_uuid(), gen_random_uuid());\n');
  try {
    const { stdout } = await promisify(execFile)(bin, ['-n', '-c', '8', '-j', '2', '-T', String(DURATION_S), '-f', script, databaseUrl]);
    const m = /tps = ([\d.]+)/.exec(stdout);
    return m ? Number(m[1]) : `pgbench printed no rate:\n${stdout}`;
  } catch (err) {
    return `pgbench could not run (${(err as Error).message.split('\n')[0]}); install postgresql-client (Debian) for it`;
  }
};

/**
 * Check-in → staff socket push: the owner's socket on the hub (through the gateway, as the dashboard has it) receives
 * `attendance:checked_in` for each check-in sent at a fixed `rate`; latency from the request's send to the push.
 */
const pushLatency = async (base: string, token: string, memberIds: string[], seconds: number, rate: number) => {
  const socket: Socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  let duplicates = 0;
  socket.on(ATTENDANCE_SOCKET_EVENTS.checkedIn, (p: { memberId: string }) => {
    const at = sent.get(p.memberId);
    if (at === undefined) return;
    if (at < 0) duplicates++;
    else latencies.push(performance.now() - at);
    sent.set(p.memberId, -1);
  });
  // Evenly spaced at `rate` (open loop): autocannon's overallRate sends each connection's share back to back at the top
  // of every second, which measures a burst draining, not a fixed rate. The latency runs from each check-in's due time.
  const run = await pacedLoad({
    origin: base,
    rate,
    // One distinct member per check-in: a run longer than the members left would check someone in twice (refused).
    seconds: Math.min(seconds, memberIds.length / rate),
    connections: CONNECTIONS,
    headers: { authorization: `Bearer ${token}` },
    onSend: (k) => sent.set(memberIds[k % memberIds.length]!, performance.now()),
    request: (k) => ({
      method: 'POST',
      path: '/api/attendance/check-in',
      body: JSON.stringify({ memberId: memberIds[k % memberIds.length]!, checkInMethod: 'kiosk' }),
    }),
  });
  // Pushes still on their way: wait until every accepted check-in's push arrived, or 10 s without a new one.
  let seen = -1;
  for (let quiet = 0; latencies.length < run.ok && quiet < 20;) {
    await new Promise((r) => setTimeout(r, 500));
    quiet = latencies.length === seen ? quiet + 1 : 0;
    seen = latencies.length;
  }
  socket.close();
  // Requests still in flight when the run stopped may be answered and pushed too: more pushes than 2xx is no error.
  return { accepted: run.ok, refused: run.errors, late: run.late, duplicates, latencies: latencies.sort((x, y) => x - y) };
};

export async function main(root: string): Promise<void> {
  const loadBefore = load();
  const { infra, stack, profileDir } = await startBenchStack({
    root,
    name: 'checkin',
    database: DATABASE,
    smtp: SMTP,
    portOffset: PORT_OFFSET,
    gatewayPort: GATEWAY_PORT,
    namespace: 'bench',
    cpuProf: CPU_PROF,
    instances: { attendance: INSTANCES },
  });
  const lines: string[] = [];
  /** The timed run on the monotonic clock: the profiles are summarised over it only (not start-up, not the push run). */
  let timedWindow: { fromUs: number; toUs: number } | undefined;
  try {
    const base = stack.gatewayUrl;
    const token = await newGym(base);
    const memberIds = await addMembers(infra.databaseUrl, token, MEMBERS);
    // Check-ins through the API for the last few: the service reads the copy (and its location's time zone has arrived).
    const probes = memberIds.splice(-30);
    const deadline = Date.now() + 180_000;
    for (const id of probes) {
      for (;;) {
        const r = await call(base, 'POST', '/attendance/check-in', { memberId: id }, token);
        if (r.status === 201) break;
        if (Date.now() > deadline) throw new Error(`attendance does not know the members yet: ${r.status} ${JSON.stringify(r.json)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    // The answer is the session (validated once, outside the timed run).
    const sample = await call(base, 'POST', '/attendance/check-in', { memberId: memberIds.pop() }, token);
    attendanceRoutes.checkIn.responses[201].parse(sample.json);

    // What each process burns with no check-in at all (consumers polling, timers), subtracted from its share below.
    await new Promise((r) => setTimeout(r, 3_000));
    const idleBefore = snapshot(root);
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    const idle = coresByKind(idleBefore, snapshot(root));
    const warm = memberIds.splice(0, Math.floor(Math.min(memberIds.length / 4, 1_500 * WARMUP_S)));
    await checkIns(base, token, warm, WARMUP_S);
    const loadAtRun = load();
    const timed = memberIds.splice(0, Math.floor((memberIds.length * 3) / 4));
    const cpuBefore = snapshot(root);
    const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
    timedWindow = { fromUs: monotonicUs(), toUs: 0 };
    const { result, latencies } = await checkIns(base, token, timed, DURATION_S);
    timedWindow.toUs = monotonicUs();
    const cores = coresByKind(cpuBefore, snapshot(root));
    const sorted = latencies.sort((x, y) => x - y);
    const errors = result.errors + result.timeouts + result.non2xx;
    const rps = result.requests.total / (result.duration || DURATION_S);
    const p50 = result.latency.p50;
    const p99 = result.latency.p99;
    const ranOut = result.requests.total >= timed.length - CONNECTIONS;
    const pgRate = await pgbenchRate(infra.databaseUrl);
    // At 70 % of the capacity just measured (issue 30: no latency cliff below saturation), or BENCH_PUSH_RATE.
    const pushRate = Number(process.env.BENCH_PUSH_RATE ?? 0) || Math.max(1, Math.round(rps * PUSH_SHARE));
    // The push run starts from a settled stack: the consumers have worked off the saturating run's backlog (else its
    // latencies measure that backlog, not the push path).
    const settledMs = await settled(root, idle, 120_000);
    const push = await pushLatency(base, token, memberIds.splice(0, Math.min(memberIds.length, pushRate * DURATION_S)), DURATION_S, pushRate);
    const noopRate = await noopProxyRate(root);
    const ratio = rps / noopRate;
    const pushP50 = percentile(push.latencies, 50);
    const pushP99 = percentile(push.latencies, 99);

    lines.push(
      '',
      `npm run bench:checkin — ${INSTANCES} attendance instance(s) behind the gateway, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s, ` +
        `NODE_ENV=production LOG_LEVEL=info, ${MEMBERS} members (distinct per check-in), autocannon in this process`,
      `  load average (1/5/15 min): before setup ${loadBefore}; at the timed run ${loadAtRun}; after ${load()}`,
      `  check-ins: ${result.requests.total} in ${(result.duration || DURATION_S).toFixed(1)} s = ${rps.toFixed(0)}/s, p50 ${p50} ms, p99 ${p99} ms ` +
        `(from every response: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms), ${result.non2xx} non-2xx, ` +
        `${result.errors} errors, ${result.timeouts} timeouts${ranOut ? ' — RAN OUT OF MEMBERS: raise BENCH_CHECKIN_MEMBERS' : ''}`,
      ...(cores && result.requests.total > 0
        ? [
            `  CPU per check-in (net of each process's idle share): ${[...cores.entries()]
              .filter(([kind, c]) => c.cores >= 0.01 && kind !== 'other')
              .sort((a, b) => b[1].cores - a[1].cores)
              .map(([kind, c]) => {
                const us = (x: number) => ((x * 1e6 * (result.duration || DURATION_S)) / result.requests.total).toFixed(0);
                const net = c.cores - (idle?.get(kind)?.cores ?? 0);
                return `${kind} ${us(net)} µs (${us(c.cores)} before the idle share is taken off; ${us(c.sys)} in the kernel)`;
              })
              .join(', ')}`,
            ...(idle ? [`  idle (${IDLE_S} s before the warm-up): ${describeShare(idle)}`] : []),
            `  ${describeShare(cores)}`,
          ]
        : []),
      ...(result.requests.total === 0
        ? ['  NO CHECK-IN WAS ANSWERED during the run: attendance or the gateway is stuck (see .data/logs/attendance-*.log)']
        : []),
      typeof pgRate === 'number'
        ? `  pgbench single-row insert (8 clients, same server): ${pgRate.toFixed(0)} tx/s; check-ins are ${((100 * rps) / pgRate).toFixed(0)} % of it`
        : `  pgbench: ${pgRate}`,
      `  capacity ratio: ${rps.toFixed(0)} check-ins/s over the bare @fastify/http-proxy's no-op rate of ${noopRate.toFixed(0)}/s (same connections, same machine) = ${ratio.toFixed(3)}`,
      `  push (check-in sent → owner's socket, ${pushRate}/s evenly spaced${process.env.BENCH_PUSH_RATE ? '' : ` (${PUSH_SHARE * 100} % of the rate above)`}, for ${DURATION_S} s, ${settledMs === undefined ? 'the stack not settled after the throughput run' : `started once the stack was back to idle (after ${(settledMs / 1000).toFixed(0)} s)`}): ` +
        `${push.accepted} check-ins accepted, ${push.refused} refused or failed (${push.late} sent late), ${push.latencies.length} pushes received (${push.duplicates} twice), ` +
        `p50 ${pushP50.toFixed(0)} ms, p99 ${pushP99.toFixed(0)} ms`,
      '',
      `  ${verdict(rps >= TARGET.rps && p99 <= TARGET.p99Ms && errors === 0)}  ≥ ${TARGET.rps} check-ins/s at p99 ≤ ${TARGET.p99Ms} ms with 0 errors: ` +
        `${rps.toFixed(0)}/s, p99 ${p99} ms, ${errors} errors`,
      typeof pgRate === 'number'
        ? `  ${verdict(rps >= TARGET.pgbenchShare * pgRate)}  ≥ ${TARGET.pgbenchShare * 100} % of pgbench: ${((100 * rps) / pgRate).toFixed(0)} %`
        : '  MISS  ≥ 50 % of pgbench: not measured',
      `  ${verdict(ratio >= CAPACITY_RATIO_GOAL)}  capacity ratio ≥ ${CAPACITY_RATIO_GOAL}: ${ratio.toFixed(3)}`,
      `  ${verdict(push.latencies.length > 0 && push.latencies.length >= push.accepted && push.duplicates === 0 && pushP99 <= TARGET.pushP99Ms)}  push p99 ≤ ${TARGET.pushP99Ms} ms, every push received: ` +
        `p99 ${pushP99.toFixed(0)} ms, ${push.latencies.length}/${push.accepted}`,
      '',
    );
  } finally {
    await stack.stop();
    await infra.stop();
  }
  console.log(lines.join('\n'));
  if (CPU_PROF) {
    // Every process of the stack wrote one profile when it stopped; show the ones on the check-in's path.
    const summaries = readdirSync(profileDir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => ({ file: path.join(profileDir, f), summary: summarize(path.join(profileDir, f), timedWindow) }));
    console.log(`CPU profiles over the timed run only (${timedWindow ? ((timedWindow.toUs - timedWindow.fromUs) / 1e6).toFixed(1) : '?'} s):`);
    for (const name of ['attendance', 'gateway', 'notifications']) {
      for (const found of summaries.filter((s) => s.summary.process === name))
        console.log(`${formatSummary(found.summary)}\n  (${path.relative(root, found.file)})\n`);
    }
  }
}
