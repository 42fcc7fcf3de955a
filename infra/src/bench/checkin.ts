// `npm run bench:checkin` (prints figures; not a test, never fails on a miss): the busiest write path of the product,
// POST /attendance/check-in through the gateway, against the targets of issue 10: ≥ 1,500 check-ins/s at p99 ≤ 50 ms
// with 0 errors, ≥ 50 % of what pgbench inserts (one row per transaction) on the same PostgreSQL, and the check-in →
// staff socket push at p99 ≤ 300 ms at a fixed 500 check-ins/s (when the hub pushes presence).
//
// Setup: its own copy of the stack on the bench ports (services 24101-24110 and +100 per extra instance, gateway
// 28080) with a fresh database (akhada_bench_checkin, topic namespace `bench`), attendance run as
// ATTENDANCE_INSTANCES instances (default 2) behind the gateway, at the production log level. A gym on the
// Enterprise plan gets BENCH_CHECKIN_MEMBERS members (default 20,000) through the members API, and the bench waits
// until attendance has them all (it reads members' events): every timed check-in is of a distinct member, so none is
// refused as "already inside".
//
// BENCH_SECONDS (10) after BENCH_WARMUP_SECONDS (3), BENCH_CONNECTIONS (32). The load average is printed with the
// figures: on a shared machine run it under the e2e lock, when the machine is otherwise quiet:
//   flock /tmp/akhada-e2e.lock npm run bench:checkin
import { attendanceRoutes } from '@akhada/contracts';
import autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { provision } from '../provision.ts';
import { startStack } from '../stack.ts';
import { call, load, percentile, registerBenchGym } from './bench-api.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const MEMBERS = Number(process.env.BENCH_CHECKIN_MEMBERS ?? 20_000);
const INSTANCES = Number(process.env.ATTENDANCE_INSTANCES ?? 2);
const PORT_OFFSET = 20_000;
const GATEWAY_PORT = 28_080;
const SMTP = { smtpPort: 22_525, httpPort: 28_025 };
const DATABASE = 'akhada_bench_checkin';
const TARGET = { rps: 1_500, p99Ms: 50, pgbenchShare: 0.5, pushP99Ms: 300 };

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
/** A new gym on the Enterprise plan (no member limit) and its owner's token, as a customer would make one. */
const newGym = async (base: string) => {
  const token = await registerBenchGym(base);
  const plan = await call(base, 'PUT', '/settings/plan', { plan: 'enterprise' }, token);
  if (plan.status !== 200) throw new Error(`plan: ${plan.status} ${JSON.stringify(plan.json)}`);
  return token;
};

/** n members through the members API, 16 at a time (the plan reaches members through auth's events: retried). */
const addMembers = async (base: string, token: string, n: number): Promise<string[]> => {
  const ids: string[] = [];
  let next = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = next++; i < n; i = next++) {
        const body = {
          firstName: `Bench${i}`,
          lastName: 'Member',
          email: `b${i}-${randomUUID().slice(0, 8)}@example.in`,
          phone: '+91 91234 56789',
          membershipType: 'basic',
          membershipFee: 1500,
          paymentFrequency: 'monthly',
        };
        for (let attempt = 0; ; attempt++) {
          const r = await call(base, 'POST', '/members', body, token);
          if (r.status === 201) {
            ids.push((r.json as { data: { _id: string } }).data._id);
            break;
          }
          if (attempt > 100) throw new Error(`adding member ${i}: ${r.status} ${JSON.stringify(r.json)}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        if (ids.length % 2_000 === 0) console.error(`[bench] ${ids.length} members added (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      }
    }),
  );
  return ids;
};

/** Check-ins through the gateway, one distinct member per request, until `seconds` pass or the members run out. */
const checkIns = (base: string, token: string, memberIds: string[], seconds: number, rate?: number) =>
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
        ...(rate ? { overallRate: rate } : {}),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ memberId: memberIds[i++ % memberIds.length], checkInMethod: 'kiosk' }) }),
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

/** Whether the hub pushes presence (the notifications service handles attendance's events). */
const presencePushExists = (root: string): boolean => {
  const consumers = path.join(root, 'services', 'notifications', 'src', 'consumers');
  return existsSync(path.join(consumers, 'attendance.ts'));
};

export async function main(root: string): Promise<void> {
  process.env.AKHADA_TOPIC_NAMESPACE = 'bench';
  const loadBefore = load();
  const infra = await provision({ root, database: DATABASE, fresh: true, smtp: SMTP });
  const stack = await startStack({
    root,
    databaseUrl: infra.databaseUrl,
    brokers: infra.brokers,
    portOffset: PORT_OFFSET,
    gatewayPort: GATEWAY_PORT,
    smtpPort: SMTP.smtpPort,
    appUrl: `http://localhost:${GATEWAY_PORT}`,
    logLevel: 'info',
    env: { NODE_ENV: 'production', AKHADA_TOPIC_NAMESPACE: 'bench', AUTH_RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000000' },
    instances: { attendance: INSTANCES },
    echo: false,
  }).catch(async (err: unknown) => {
    await infra.stop();
    throw err;
  });
  const lines: string[] = [];
  try {
    const base = stack.gatewayUrl;
    const token = await newGym(base);
    const memberIds = await addMembers(base, token, MEMBERS);
    // Attendance has every member once it accepts the last ones added (each partition of members' topic in order).
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

    const warm = memberIds.splice(0, Math.floor(Math.min(memberIds.length / 4, 1_500 * WARMUP_S)));
    await checkIns(base, token, warm, WARMUP_S);
    const loadAtRun = load();
    const timed = memberIds.splice(0, Math.floor((memberIds.length * 3) / 4));
    const { result, latencies } = await checkIns(base, token, timed, DURATION_S);
    const sorted = latencies.sort((x, y) => x - y);
    const errors = result.errors + result.timeouts + result.non2xx;
    const rps = result.requests.total / (result.duration || DURATION_S);
    const p50 = result.latency.p50;
    const p99 = result.latency.p99;
    const ranOut = result.requests.total >= timed.length - CONNECTIONS;
    const pgRate = await pgbenchRate(infra.databaseUrl);

    lines.push(
      '',
      `npm run bench:checkin — ${INSTANCES} attendance instance(s) behind the gateway, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s, ` +
        `NODE_ENV=production LOG_LEVEL=info, ${MEMBERS} members (distinct per check-in), autocannon in this process`,
      `  load average (1/5/15 min): before setup ${loadBefore}; at the timed run ${loadAtRun}; after ${load()}`,
      `  check-ins: ${result.requests.total} in ${(result.duration || DURATION_S).toFixed(1)} s = ${rps.toFixed(0)}/s, p50 ${p50} ms, p99 ${p99} ms ` +
        `(from every response: p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms), ${result.non2xx} non-2xx, ` +
        `${result.errors} errors, ${result.timeouts} timeouts${ranOut ? ' — RAN OUT OF MEMBERS: raise BENCH_CHECKIN_MEMBERS' : ''}`,
      ...(result.requests.total === 0
        ? ['  NO CHECK-IN WAS ANSWERED during the run: attendance or the gateway is stuck (see .data/logs/attendance-*.log)']
        : []),
      typeof pgRate === 'number'
        ? `  pgbench single-row insert (8 clients, same server): ${pgRate.toFixed(0)} tx/s; check-ins are ${((100 * rps) / pgRate).toFixed(0)} % of it`
        : `  pgbench: ${pgRate}`,
      presencePushExists(root)
        ? '  push latency: the hub handles attendance events, but this script does not measure the push yet'
        : '  push latency: not measured: no presence push yet',
      '',
      `  ${verdict(rps >= TARGET.rps && p99 <= TARGET.p99Ms && errors === 0)}  ≥ ${TARGET.rps} check-ins/s at p99 ≤ ${TARGET.p99Ms} ms with 0 errors: ` +
        `${rps.toFixed(0)}/s, p99 ${p99} ms, ${errors} errors`,
      typeof pgRate === 'number'
        ? `  ${verdict(rps >= TARGET.pgbenchShare * pgRate)}  ≥ ${TARGET.pgbenchShare * 100} % of pgbench: ${((100 * rps) / pgRate).toFixed(0)} %`
        : '  MISS  ≥ 50 % of pgbench: not measured',
      `  MISS  push p99 ≤ ${TARGET.pushP99Ms} ms: not measured`,
      '',
    );
  } finally {
    await stack.stop();
    await infra.stop();
  }
  console.log(lines.join('\n'));
}
