// Working tool for the request path (not a test, not `npm run bench`): starts the bench's copy of the stack once at the
// production log level, then measures, in one sitting, a plain Fastify hello-world, the members service's /health,
// GET /members?limit=20 direct and through the gateway — BENCH_ROUNDS times; with BENCH_ONLY=…,bare also through a
// bare Fastify proxy (the floor of the gateway's hop; its CPU is reported in the gateway column). With
// BENCH_CPU_PROF=1 every process runs under `node --cpu-prof`, and the profiles of members and the gateway are cut to
// the load windows and summarized.
//   flock /tmp/akhada-e2e.lock node --import tsx infra/src/bench/request-path.ts
import autocannon from 'autocannon';
import { authRoutes } from '@akhada/contracts';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess } from '../processes.ts';
import { provision } from '../provision.ts';
import { DEMO, seedDemo } from '../seed.ts';
import { startStack } from '../stack.ts';
import { formatSummary, summarize } from './cpu-profile-top.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const PROFILE = process.env.BENCH_CPU_PROF === '1';
const ONLY = (process.env.BENCH_ONLY ?? 'hello,health,direct,gateway').split(',');
const TOP = Number(process.env.BENCH_TOP ?? 25);
/** A fixed request rate (all connections together) instead of as fast as possible: CPU per request then compares runs. */
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const profDir = path.join(root, '.data', 'cpu-prof');

/** V8's profile clock and process.hrtime are both CLOCK_MONOTONIC: load windows in µs on that clock. */
const windows: [number, number][] = [];
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

// CPU time per request, per process: unlike req/s it hardly moves when other work shares the 2 cores.
const cpuMs = (pid: number, only?: 'sys'): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime] = [Number(f[11]), Number(f[12])]; // clock ticks of 10 ms
    return ((only === 'sys' ? stime : utime + stime) * 1000) / 100;
  } catch {
    return 0; // gone
  }
};
const pidOnPort = (port: number): number => Number(/pid=(\d+)/.exec(execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }))?.[1] ?? 0);
type Who = { members: number[]; gateway: number[]; postgres: () => Promise<number[]> };
let who: Who | undefined;
const cpuOf = async () => {
  if (!who) return undefined;
  const sum = (pids: number[]) => pids.reduce((a, p) => a + cpuMs(p), 0);
  const pgPids = await who.postgres();
  const sys = (pids: number[]) => pids.reduce((a, p) => a + cpuMs(p, 'sys'), 0);
  return {
    members: sum(who.members),
    membersSys: sys(who.members),
    gateway: sum(who.gateway),
    gatewaySys: sys(who.gateway),
    postgres: new Map(pgPids.map((p) => [p, cpuMs(p)])),
    bench: process.cpuUsage(),
  };
};

interface Measured extends autocannon.Result {
  /** CPU ms during the run; *Sys: of which in the kernel. */
  cpu?: { members: number; membersSys: number; gateway: number; gatewaySys: number; postgres: number; bench: number };
}
const measure = (url: string, token?: string) =>
  new Promise<Measured>((resolve, reject) => {
    const start = nowUs();
    void cpuOf().then((before) =>
      autocannon(
        {
          url,
          connections: CONNECTIONS,
          duration: DURATION_S,
          ...(RATE ? { overallRate: RATE } : {}),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        },
        (err, result) => {
          windows.push([start, nowUs()]);
          if (err) return reject(err);
          void cpuOf().then((after) => {
            if (!before || !after) return resolve(result);
            let postgres = 0;
            for (const [p, ms] of after.postgres) postgres += ms - (before.postgres.get(p) ?? 0);
            const b = process.cpuUsage(before.bench);
            resolve({
              ...result,
              cpu: {
                members: after.members - before.members,
                membersSys: after.membersSys - before.membersSys,
                gateway: after.gateway - before.gateway,
                gatewaySys: after.gatewaySys - before.gatewaySys,
                postgres,
                bench: (b.user + b.system) / 1000,
              },
            });
          });
        },
      ),
    );
  });

const row = (name: string, r: Measured) => {
  const n = Math.max(r.requests.total, 1);
  const us = (ms: number) => `${((ms * 1000) / n).toFixed(0).padStart(4)}`;
  const cpu = r.cpu
    ? `   CPU µs/request: members ${us(r.cpu.members)} (sys ${us(r.cpu.membersSys).trim()})  gateway ${us(r.cpu.gateway)} (sys ${us(r.cpu.gatewaySys).trim()})  postgres ${us(r.cpu.postgres)}  bench ${us(r.cpu.bench)}`
    : '';
  return `${name.padEnd(16)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(3)} ms   non-2xx ${r.non2xx}${cpu}`;
};

/** Keeps only the samples inside the load windows (start-up, seeding and idle between runs are left out). */
const trimProfile = (file: string): string => {
  const p = JSON.parse(readFileSync(file, 'utf8')) as { startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
  const samples: number[] = [];
  const deltas: number[] = [];
  let t = p.startTime;
  let last = -1;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i]!;
    if (!windows.some(([a, b]) => t >= a && t <= b)) continue;
    samples.push(p.samples[i]!);
    deltas.push(last < 0 ? 0 : t - last);
    last = t;
  }
  const out = file.replace(/\.cpuprofile$/, '.load.cpuprofile');
  const first = windows[0]?.[0] ?? p.startTime;
  writeFileSync(out, JSON.stringify({ ...p, startTime: first, endTime: last < 0 ? first : last, samples, timeDeltas: deltas }));
  return out;
};

async function main(): Promise<void> {
  process.env.AKHADA_TOPIC_NAMESPACE = 'bench';
  if (PROFILE) {
    rmSync(profDir, { recursive: true, force: true });
    mkdirSync(profDir, { recursive: true });
  }
  const infra = await provision({ root, database: 'akhada_bench', fresh: true, smtp: { smtpPort: 22525, httpPort: 28025 } });
  const stack = await startStack({
    root,
    databaseUrl: infra.databaseUrl,
    brokers: infra.brokers,
    portOffset: 20000,
    gatewayPort: 28080,
    smtpPort: 22525,
    appUrl: 'http://localhost:28080',
    logLevel: LOG_LEVEL,
    env: { RATE_LIMIT_PER_MINUTE: '100000000', NODE_ENV: 'production', ...(PROFILE ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profDir}` } : {}) },
  });
  const hello = await startProcess({
    name: 'hello-world',
    cwd: root,
    command: process.execPath,
    args: ['--import', 'tsx', 'infra/src/bench/hello-world.ts'],
    env: { PORT: '28090' },
    readyUrl: 'http://127.0.0.1:28090/',
  });
  let db: pg.Client | undefined;
  const bare = ONLY.includes('bare')
    ? await startProcess({
        name: 'bare-proxy',
        cwd: root,
        command: process.execPath,
        args: ['--import', 'tsx', 'infra/src/bench/bare-proxy.ts'],
        env: { PORT: '28091', UPSTREAM: `http://127.0.0.1:${stack.servicePort('members')}` },
        readyUrl: 'http://127.0.0.1:28091/ready',
      })
    : undefined;
  try {
    await seedDemo(stack.gatewayUrl, () => undefined);
    const res = await fetch(`${stack.gatewayUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.owner.email, password: DEMO.password }),
    });
    const { token } = authRoutes.login.responses[200].parse(await res.json()).data;
    db = new pg.Client({ connectionString: infra.databaseUrl });
    await db.connect();
    who = {
      members: [pidOnPort(stack.servicePort('members'))],
      gateway: [pidOnPort(28080), ...(bare ? [pidOnPort(28091)] : [])], // only one of them is under load at a time
      postgres: async () =>
        (await db!.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map(
          (r) => r.pid,
        ),
    };
    const p = '/members?limit=20';
    const direct = `http://127.0.0.1:${stack.servicePort('members')}${p}`;
    const viaGateway = `${stack.gatewayUrl}/api${p}`;
    for (const url of [direct, viaGateway])
      for (let i = 0; i < 200; i++) await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
    for (let round = 1; round <= ROUNDS; round++) {
      const lines: string[] = [];
      if (ONLY.includes('hello')) lines.push(row('hello-world', await measure('http://127.0.0.1:28090/')));
      if (ONLY.includes('health')) lines.push(row('members /health', await measure(`http://127.0.0.1:${stack.servicePort('members')}/health`)));
      const d = ONLY.includes('direct') ? await measure(direct, token) : undefined;
      const g = ONLY.includes('gateway') ? await measure(viaGateway, token) : undefined;
      const b = bare ? await measure(`http://127.0.0.1:28091/api${p}`, token) : undefined;
      if (d) lines.push(row('direct', d));
      if (g) lines.push(row('through gateway', g));
      if (b) lines.push(row('bare proxy', b));
      if (d && g)
        lines.push(
          `ratio gateway/direct: throughput ${(g.requests.average / d.requests.average).toFixed(2)}, p50 +${(g.latency.p50 - d.latency.p50).toFixed(1)} ms`,
        );
      console.log(
        `\nround ${round}: GET ${p}, ${CONNECTIONS} connections, ${DURATION_S} s each,${RATE ? ` at ${RATE} req/s,` : ''} LOG_LEVEL=${LOG_LEVEL}${PROFILE ? ', under --cpu-prof' : ''}\n${lines.join('\n')}`,
      );
    }
  } finally {
    await db?.end();
    await bare?.stop();
    await hello.stop();
    await stack.stop();
    await infra.stop();
  }
  if (PROFILE) {
    for (const f of readdirSync(profDir).filter((n) => n.endsWith('.cpuprofile'))) {
      const s = summarize(trimProfile(path.join(profDir, f)));
      if (s.process === 'members' || s.process === 'gateway') console.log(`\n${formatSummary(s, TOP)}`);
    }
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
