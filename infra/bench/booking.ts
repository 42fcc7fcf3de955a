// `npm run bench:booking` (prints figures; not a test, never fails on a miss): the "class opens" burst of issue 26 —
// BENCH_BOOKING_MEMBERS members (default 2,000) each booking one of BENCH_BOOKING_CLASSES classes (default 30, a
// seeded random pick) within BENCH_SECONDS (10 s), POST /scheduling/classes/:id/bookings through the gateway with the
// member's own token. Targets on the 2-core machine: every booking answered, p99 ≤ 2 s; 0 classes over capacity.
//
// Setup: its own copy of the stack on the bench ports (services 24101-24111, gateway 28080) with a fresh database
// (akhada_bench_booking, topic namespace `bench`), at the production log level, scheduling run as SCHEDULING_INSTANCES
// instances (default 2: one saturates its event loop in the burst) behind the gateway. A gym on the Enterprise plan (it
// includes scheduling and has no member limit); the booking rules, one class type and the one-off classes (capacities
// 20-40, seeded) made through the scheduling API as staff make them. The members are written straight into the
// scheduling service's own copy of the members (its `members` table, as the kit's memberCopy writes it from members'
// events): through the members API and the invitation each would take seconds. A member's token is signed by this
// script with the auth service's own signing key, read from the bench database (auth keeps it in auth.signing_keys and
// publishes its public half as the JWKS every verifier reads), with the claims auth puts in a member's token at sign-in:
// no code path of the product changes. Probes first, through the API: a member missing from the copy is refused (404),
// members in it book — the copy is what the service reads, and the tokens are accepted by the gateway and the service.
//
// The burst is open-loop: booking k is due at k × BENCH_SECONDS / members (evenly spaced) and its latency runs from then
// to its answer, so time queued behind slow answers counts. At most BENCH_CONNECTIONS (64) requests in flight (keep-alive
// connections of this process; each carries a different member's token). A warm-up of BENCH_WARMUP_BOOKINGS (300)
// bookings into classes of their own comes first. Then the invariants are read from scheduling's database: no class
// over capacity, nobody booked twice into one class (in the class's event stream), waitlist positions contiguous in the
// order of the stream, nobody waiting while a place is free, the read tables agreeing with the answers.
//
// With the figures, the CPU time per booking of each process on the path (Linux /proc), net of what it burns idle.
// The load average is printed with them: on a shared machine run it under the e2e lock:
//   flock /tmp/akhada-e2e.lock npm run bench:booking
// BENCH_CPU_PROF=1 runs every process of the stack with `node --cpu-prof` and prints the busiest functions of
// scheduling and the gateway over the burst (the figures of such a run are slower than without).
import { schedulingRoutes, type ClassSummary } from '@akhada/contracts';
import { createHash, createPrivateKey, randomUUID, sign, type JsonWebKey } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { payForPlan } from '@akhada/test-support/plan';
import { startBenchStack } from './bench-stack.ts';
import { call, load, percentile, registerBenchGym } from './bench-api.ts';
import { formatSummary, summarize } from './cpu-profile-top.ts';
import { coresByKind, describeShare, snapshot, type Cores } from './cpu-share.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MEMBERS = Number(process.env.BENCH_BOOKING_MEMBERS ?? 2_000);
const CLASSES = Number(process.env.BENCH_BOOKING_CLASSES ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP_BOOKINGS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const INSTANCES = Number(process.env.SCHEDULING_INSTANCES ?? 2);
const SEED = Number(process.env.BENCH_SEED ?? 26);
const PORT_OFFSET = 20_000;
const GATEWAY_PORT = 28_080;
const SMTP = { smtpPort: 22_525, httpPort: 28_025 };
const DATABASE = 'akhada_bench_booking';
const CPU_PROF = process.env.BENCH_CPU_PROF === '1';
const IDLE_S = 5;
const PROBES = 5;
const TARGET = { p99Ms: 2_000 };
const MEMBERSHIPS = ['basic', 'premium', 'vip', 'annual'] as const;

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** mulberry32: the same classes, capacities and picks on every run (BENCH_SEED). */
const seeded = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

type Claims = { sub: string; org: string; locs: string[]; iss: string; aud: string; iat: number; exp: number };
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Claims;

/**
 * Members' tokens as auth signs them at sign-in (ES256 with its key, its issuer and audience, the claims of a member
 * at one location, the owner's token's lifetime), signed here with the key auth keeps in the bench database.
 */
const memberTokens = async (databaseUrl: string, owner: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let row: { kid: string; private_jwk: JsonWebKey } | undefined;
  try {
    row = (await client.query<{ kid: string; private_jwk: JsonWebKey }>('select kid, private_jwk from auth.signing_keys order by created_at desc limit 1'))
      .rows[0];
  } finally {
    await client.end();
  }
  if (!row) throw new Error('auth has no signing key in the bench database');
  const key = createPrivateKey({ key: row.private_jwk, format: 'jwk' });
  const o = claimsOf(owner);
  const header = Buffer.from(JSON.stringify({ alg: 'ES256', kid: row.kid, typ: 'JWT' })).toString('base64url');
  return (memberId: string, name: string) => {
    const iat = Math.floor(Date.now() / 1000);
    const payload = {
      org: o.org,
      role: 'member',
      locs: [o.locs[0]],
      sid: randomUUID(),
      name,
      sub: memberId,
      iss: o.iss,
      aud: o.aud,
      iat,
      exp: iat + (o.exp - o.iat),
    };
    const input = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${input}.${sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
  };
};

/** n active members in the scheduling service's copy (SQL, the columns and version the kit's memberCopy writes). */
const addMembers = async (databaseUrl: string, owner: string, n: number, random: () => number) => {
  const { org, locs } = claimsOf(owner);
  const ids = Array.from({ length: n }, () => randomUUID());
  const types = ids.map(() => MEMBERSHIPS[Math.floor(random() * MEMBERSHIPS.length)]!);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const t0 = Date.now();
    await client.query(
      `insert into scheduling.members (id, org_id, location_id, first_name, last_name, status, membership_type, end_date, updated_at)
       select id, $1, $2, 'Bench' || i, 'Member', 'active', t, to_char(now() + interval '1 year', 'YYYY-MM-DD'), now()
         from unnest($3::uuid[], $4::text[]) with ordinality as m(id, t, i)`,
      [org, locs[0], ids, types],
    );
    await client.query('analyze scheduling.members');
    console.error(`[bench] ${n} members written into scheduling's copy in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
  return ids;
};

type Answer = { classId: string; memberId: string; status: number; place?: string; position?: number | null; ms: number };

/** Bookings due evenly over `seconds` (open loop), each with its member's token; latency from due to answer read. */
const burst = async (origin: string, jobs: { classId: string; memberId: string; token: string }[], seconds: number) => {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1, keepAliveTimeout: 30_000 });
  const interval = (seconds * 1000) / jobs.length;
  const answers: Answer[] = [];
  let late = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 20;
  try {
    for (let k = 0; k < jobs.length; k++) {
      const { classId, memberId, token } = jobs[k]!;
      const due = start + k * interval;
      const now = performance.now();
      if (now < due - 1) await sleep(due - now);
      else if (now > due + interval) late++;
      inFlight.push(
        pool
          .request({
            method: 'POST',
            path: `/api/scheduling/classes/${classId}/bookings`,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: '{}',
          })
          .then(async (res) => {
            const json = (await res.body.json().catch(() => undefined)) as { data?: { status: string; position: number | null } } | undefined;
            answers.push({ classId, memberId, status: res.statusCode, place: json?.data?.status, position: json?.data?.position, ms: performance.now() - due });
          })
          .catch(() => {
            answers.push({ classId, memberId, status: 0, ms: performance.now() - due });
          }),
      );
    }
    await Promise.all(inFlight);
  } finally {
    await pool.close();
  }
  return { answers, late, seconds: (performance.now() - start) / 1000 };
};

/** The invariants, read from the scheduling service's own tables and its classes' event streams. */
const invariants = async (databaseUrl: string, classIds: string[], answers: Answer[]) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const classes = (
      await client.query<{ id: string; capacity: number; booked: number; waitlisted: number; held: string; waiting: string }>(
        `select c.id, c.capacity, c.booked, c.waitlisted,
                (select count(*) from scheduling.bookings b where b.class_id = c.id and b.status in ('booked', 'offered')) as held,
                (select count(*) from scheduling.bookings b where b.class_id = c.id and b.status = 'waitlisted') as waiting
           from scheduling.classes c where c.id = any($1::uuid[])`,
        [classIds],
      )
    ).rows;
    const events = (
      await client.query<{ class_id: string; type: string; member_id: string; position: number | null }>(
        `select substr(stream_id, 7) as class_id, type, data->'data'->>'memberId' as member_id,
                (data->'data'->>'position')::int as position
           from scheduling.events where stream_id = any($1::text[]) and type in ('ClassBooked', 'Waitlisted', 'BookingCancelled', 'WaitlistPromoted')
          order by stream_id, stream_version`,
        [classIds.map((id) => `class-${id}`)],
      )
    ).rows;
    const waitlists = (
      await client.query<{ class_id: string; member_id: string }>(
        `select class_id, member_id from scheduling.bookings where class_id = any($1::uuid[]) and status = 'waitlisted' order by class_id, seq`,
        [classIds],
      )
    ).rows;

    const overCapacity = classes.filter((c) => Number(c.held) > c.capacity || c.booked > c.capacity).length;
    // (The event store keeps an event's payload under `data` in its data column.)
    // Nobody booked twice: a member's places in a class's stream (booked or waitlisted, none given up in the burst).
    const seen = new Set<string>();
    let twice = 0;
    for (const e of events.filter((x) => x.type === 'ClassBooked' || x.type === 'Waitlisted')) {
      const k = `${e.class_id}:${e.member_id}`;
      if (seen.has(k)) twice++;
      seen.add(k);
    }
    const cancelsOrPromotions = events.filter((x) => x.type === 'BookingCancelled' || x.type === 'WaitlistPromoted').length;
    // Waitlist positions: in each stream 1, 2, 3 … in order; the read table's waitlist in the same order.
    let gaps = 0;
    let orderDiffers = 0;
    for (const id of classIds) {
      const inStream = events.filter((e) => e.class_id === id && e.type === 'Waitlisted');
      inStream.forEach((e, i) => {
        if (e.position !== i + 1) gaps++;
      });
      const inTable = waitlists.filter((w) => w.class_id === id).map((w) => w.member_id);
      if (inTable.join() !== inStream.map((e) => e.member_id).join()) orderDiffers++;
    }
    // The positions the members were told: each class's answers 1..n, once each.
    let toldWrong = 0;
    for (const id of classIds) {
      const told = answers
        .filter((a) => a.classId === id && a.place === 'waitlisted')
        .map((a) => a.position ?? 0)
        .sort((x, y) => x - y);
      told.forEach((p, i) => {
        if (p !== i + 1) toldWrong++;
      });
    }
    const waitingWhileFree = classes.filter((c) => Number(c.waiting) > 0 && Number(c.held) < c.capacity).length;
    const countersDiffer = classes.filter((c) => c.booked !== Number(c.held) || c.waitlisted !== Number(c.waiting)).length;
    const okAnswers = answers.filter((a) => a.status === 201);
    const answeredBooked = okAnswers.filter((a) => a.place === 'booked').length;
    const answeredWaiting = okAnswers.filter((a) => a.place === 'waitlisted').length;
    const held = classes.reduce((s, c) => s + Number(c.held), 0);
    const waiting = classes.reduce((s, c) => s + Number(c.waiting), 0);
    return {
      classes: classes.length,
      capacity: classes.reduce((s, c) => s + c.capacity, 0),
      full: classes.filter((c) => Number(c.held) === c.capacity).length,
      held,
      waiting,
      overCapacity,
      twice,
      cancelsOrPromotions,
      gaps,
      orderDiffers,
      toldWrong,
      waitingWhileFree,
      countersDiffer,
      answeredBooked,
      answeredWaiting,
      answersAgree: answeredBooked === held && answeredWaiting === waiting,
    };
  } finally {
    await client.end();
  }
};

const perBooking = (cores: Cores, idle: Cores | undefined, seconds: number, n: number) =>
  [...cores.entries()]
    // Processes off the path (their share no more than idle) are left out.
    .filter(([kind, c]) => c.cores >= 0.01 && kind !== 'other' && c.cores - (idle?.get(kind)?.cores ?? 0) >= 0.005)
    .sort((a, b) => b[1].cores - a[1].cores)
    .map(([kind, c]) => {
      const us = (x: number) => ((x * 1e6 * seconds) / n).toFixed(0);
      const net = c.cores - (idle?.get(kind)?.cores ?? 0);
      return `${kind} ${us(net)} µs (${us(c.cores)} before the idle share is taken off; ${us(c.sys)} in the kernel)`;
    })
    .join(', ');

export async function main(root: string): Promise<void> {
  const random = seeded(SEED);
  const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
  let burstWindow: { fromUs: number; toUs: number } | undefined;
  const loadBefore = load();
  const { infra, stack, profileDir } = await startBenchStack({
    root,
    name: 'booking',
    database: DATABASE,
    smtp: SMTP,
    portOffset: PORT_OFFSET,
    gatewayPort: GATEWAY_PORT,
    namespace: 'bench',
    cpuProf: CPU_PROF,
    instances: { scheduling: INSTANCES },
  });
  const lines: string[] = [];
  try {
    const base = stack.gatewayUrl;
    const owner = await registerBenchGym(base);
    await payForPlan((method, p, body) => call(base, method, p, body, owner), 'enterprise');
    const locationId = claimsOf(owner).locs[0]!;
    const must = async (what: string, r: Promise<{ status: number; json: unknown }>, ok: number) => {
      const a = await r;
      if (a.status !== ok) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.json)}`);
      return a.json;
    };

    // The location's booking rules (open a week ahead, allowances per plan), a class type and the classes, as staff make them.
    await must(
      'settings',
      call(
        base,
        'PUT',
        '/scheduling/settings',
        {
          locationId,
          opensDaysBefore: 7,
          closesMinutesBefore: 30,
          lateCancelMinutes: 120,
          confirmMinutes: 30,
          noShowLimit: 3,
          noShowPauseDays: 7,
          allowances: { basic: 8, premium: 12, vip: null, annual: null },
        },
        owner,
      ),
      200,
    );
    const typeBody = { name: 'Bench HIIT', category: 'hiit', durationMinutes: 45, defaultCapacity: 30 };
    const type = schedulingRoutes.createClassType.responses[201].parse(
      await must('class type', call(base, 'POST', '/scheduling/class-types', typeBody, owner), 201),
    ).data;
    // Two days ahead (inside the week's window whatever the location's zone), 06:00 onwards every 30 minutes.
    const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const newClass = async (i: number, capacity: number) => {
      const minutes = 6 * 60 + 30 * i;
      const startTime = `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const body = { locationId, classTypeId: type.id, date, startTime, capacity, room: `Studio ${(i % 6) + 1}` };
      return schedulingRoutes.createClass.responses[201].parse(await must(`class ${i}`, call(base, 'POST', '/scheduling/classes', body, owner), 201)).data;
    };
    const classes: ClassSummary[] = [];
    for (let i = 0; i < CLASSES; i++) classes.push(await newClass(i, 20 + Math.floor(random() * 21)));
    const warmClasses = [await newClass(CLASSES, 100), await newClass(CLASSES + 1, 100)];

    const memberIds = await addMembers(infra.databaseUrl, owner, MEMBERS + WARMUP + PROBES, random);
    const tokenFor = await memberTokens(infra.databaseUrl, owner);
    const t0 = performance.now();
    const tokens = new Map(memberIds.map((id, i) => [id, tokenFor(id, `Bench${i + 1} Member`)]));
    const signMs = performance.now() - t0;

    // Probes through the API: a member not in the copy is not found (the copy is what is read; the members service,
    // asked on a miss, does not know them either), members in it book with their own token.
    const stranger = randomUUID();
    const refused = await call(base, 'POST', `/scheduling/classes/${warmClasses[0]!.id}/bookings`, {}, tokenFor(stranger, 'Not Inthecopy'));
    if (refused.status !== 404) throw new Error(`a member missing from the copy: expected 404, got ${refused.status} ${JSON.stringify(refused.json)}`);
    const probes = memberIds.splice(-PROBES);
    for (const id of probes) {
      const r = await call(base, 'POST', `/scheduling/classes/${warmClasses[0]!.id}/bookings`, {}, tokens.get(id));
      if (r.status !== 201) throw new Error(`probe booking: ${r.status} ${JSON.stringify(r.json)}`);
      const b = schedulingRoutes.book.responses[201].parse(r.json).data;
      if (b.memberId !== id || b.status !== 'booked') throw new Error(`probe booking answered ${JSON.stringify(b)}`);
    }

    const warm = memberIds.splice(0, WARMUP).map((id, k) => ({ classId: warmClasses[k % 2]!.id, memberId: id, token: tokens.get(id)! }));
    await burst(base, warm, 3);
    // What each process burns with no booking at all (consumers polling, timers), subtracted from its share below.
    await sleep(3_000);
    const idleBefore = snapshot(root);
    await sleep(IDLE_S * 1000);
    const idle = coresByKind(idleBefore, snapshot(root));

    const jobs = memberIds.map((id) => ({ classId: classes[Math.floor(random() * classes.length)]!.id, memberId: id, token: tokens.get(id)! }));
    const loadAtRun = load();
    const cpuBefore = snapshot(root);
    burstWindow = { fromUs: monotonicUs(), toUs: 0 };
    const run = await burst(base, jobs, SECONDS);
    burstWindow.toUs = monotonicUs();
    const cores = coresByKind(cpuBefore, snapshot(root));
    const sorted = run.answers.map((a) => a.ms).sort((x, y) => x - y);
    const ok = run.answers.filter((a) => a.status === 201).length;
    const byStatus = new Map<number, number>();
    for (const a of run.answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const check = await invariants(
      infra.databaseUrl,
      classes.map((c) => c.id),
      run.answers,
    );
    const digest = createHash('sha256')
      .update(jobs.map((j) => classes.findIndex((c) => c.id === j.classId)).join())
      .digest('hex')
      .slice(0, 8);

    lines.push(
      '',
      `npm run bench:booking — the "class opens" burst: ${jobs.length} members each book one of ${CLASSES} classes (seeded pick ${SEED}, ${digest}), ` +
        `due evenly over ${SECONDS} s (open loop, latency from each booking's due time), ${CONNECTIONS} connections, ${INSTANCES} scheduling instance(s) behind the gateway, ` +
        `NODE_ENV=production LOG_LEVEL=info, after a warm-up of ${WARMUP} bookings; the load generator in this process`,
      `  booked as members: POST /api/scheduling/classes/:id/bookings with each member's own token (signed by the bench with auth's key from the bench database, ` +
        `the claims of a member's sign-in; ${tokens.size} tokens in ${signMs.toFixed(0)} ms); members in scheduling's copy (SQL); probes: a member missing from the copy 404, ${PROBES} in it booked`,
      `  load average (1/5/15 min) before setup ${loadBefore}; at the burst ${loadAtRun}; after ${load()}`,
      `  classes: ${check.classes}, capacity ${check.capacity} places in all (20-40 each), ${check.full} full after the burst`,
      `  bookings: ${run.answers.length} answered in ${run.seconds.toFixed(1)} s = ${(run.answers.length / run.seconds).toFixed(0)}/s; ${ok} × 201 ` +
        `(${check.answeredBooked} booked, ${check.answeredWaiting} waitlisted); other answers: ${
          [...byStatus.entries()]
            .filter(([s]) => s !== 201)
            .map(([s, n]) => `${n} × ${s === 0 ? 'failed' : s}`)
            .join(', ') || 'none'
        }; ${run.late} sent late`,
      `  latency (due → answer): p50 ${p50.toFixed(0)} ms, p90 ${percentile(sorted, 90).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms`,
      ...(cores
        ? [
            `  CPU per booking (net of each process's idle share): ${perBooking(cores, idle, run.seconds, run.answers.length)}`,
            ...(idle ? [`  idle (${IDLE_S} s before the burst): ${describeShare(idle)}`] : []),
            `  during the burst: ${describeShare(cores)}`,
          ]
        : ['  CPU per booking: /proc not readable here']),
      `  invariants (scheduling's database): places held ${check.held}, waitlisted ${check.waiting}; classes over capacity ${check.overCapacity}; ` +
        `a member twice in one class's stream ${check.twice}; waitlist positions out of 1..n in a stream ${check.gaps}, classes whose waitlist table differs from the stream's order ${check.orderDiffers}; ` +
        `positions told to members out of 1..n ${check.toldWrong}; classes with a waitlist and a free place ${check.waitingWhileFree}; counters ≠ rows ${check.countersDiffer}; ` +
        `answers = rows ${check.answersAgree ? 'yes' : 'NO'}; cancellations or promotions ${check.cancelsOrPromotions} (none expected)`,
      '',
      `  ${verdict(ok === jobs.length && p99 <= TARGET.p99Ms)}  every booking answered (201), p99 ≤ ${TARGET.p99Ms} ms: ${ok}/${jobs.length}, p99 ${p99.toFixed(0)} ms`,
      `  ${verdict(check.overCapacity === 0)}  0 classes over capacity: ${check.overCapacity}`,
      `  ${verdict(check.twice === 0)}  nobody booked twice into one class: ${check.twice}`,
      `  ${verdict(check.gaps === 0 && check.orderDiffers === 0 && check.toldWrong === 0 && check.waitingWhileFree === 0)}  waitlists contiguous and in order: ` +
        `${check.gaps + check.orderDiffers + check.toldWrong + check.waitingWhileFree} faults`,
      '',
    );
  } finally {
    await stack.stop();
    await infra.stop();
  }
  console.log(lines.join('\n'));
  if (CPU_PROF) {
    // Every process of the stack wrote one profile when it stopped; show the ones on the booking's path.
    const summaries = readdirSync(profileDir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => ({ file: path.join(profileDir, f), summary: summarize(path.join(profileDir, f), burstWindow) }));
    console.log(`CPU profiles over the burst only (${burstWindow ? ((burstWindow.toUs - burstWindow.fromUs) / 1e6).toFixed(1) : '?'} s):`);
    for (const name of ['scheduling', 'gateway']) {
      for (const found of summaries.filter((x) => x.summary.process === name))
        console.log(`${formatSummary(found.summary)}\n  (${path.relative(root, found.file)})\n`);
    }
  }
}
