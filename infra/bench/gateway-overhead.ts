// `npm run bench` (prints figures; not a test, never fails on a miss): GET /members?limit=20 on the members service
// directly and through the gateway, beside a plain Fastify hello-world (the ceiling on this machine), against the
// targets of issue 7. Starts its own copy of the stack on its own ports with a fresh database (akhada_bench, topic
// namespace `bench`), at the production log level (LOG_LEVEL=info, NODE_ENV=production), seeds the demo, measures,
// stops. The processes' output is not echoed: a supervisor re-printing every line is a development cost only.
//
// Ports: services 24101-24110, gateway 28080, SMTP sink 22525/28025, hello-world 28090, bare proxy 28091 (clear of `npm start`'s
// 8080/4101-4110 and the browser tests' 18080/14101-14110). Run it under the e2e lock on a shared machine:
//   flock /tmp/akhada-e2e.lock npm run bench
//
// BENCH_SECONDS (10) per measurement after BENCH_WARMUP_SECONDS (3) of warm-up, BENCH_CONNECTIONS (20).
// BENCH_CPU_PROF=1 also runs every process of the stack with `node --cpu-prof` and prints, for the members service and
// the gateway, the functions with the most self time (the profiler slows the figures of that run a little).
import { authRoutes, memberRoutes, SERVICES } from '@akhada/contracts';
import autocannon from 'autocannon';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { provision } from '../dev/provision.ts';
import { DEMO, seedDemo } from '../seed/seed.ts';
import { startStack } from '../dev/stack.ts';
import { startBareProxy, startHelloWorld } from './ceilings.ts';
import { formatSummary, summarize } from './cpu-profile-top.ts';
import { coresByKind, describeShare, snapshot } from './cpu-share.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CPU_PROF = process.env.BENCH_CPU_PROF === '1';
const LOG_LEVEL = 'info';

const PORT_OFFSET = 20_000;
const GATEWAY_PORT = 28_080;
const HELLO_PORT = 28_090;
const BARE_PROXY_PORT = 28_091;
const SMTP = { smtpPort: 22_525, httpPort: 28_025 };

const TARGET = { directRps: 3_000, directP99Ms: 20, gatewayShare: 0.75, gatewayAddedP50Ms: 2 };

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Where the cores went meanwhile (Linux only). */
  cpu?: string;
  /** CPU time per request of the processes on the path (Linux only): robust to other work on the machine. */
  perRequest?: string;
}

const load = (url: string, seconds: number, headers: Record<string, string>) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err, result) => (err ? reject(err) : resolve(result)));
  });

const measure = async (root: string, name: string, url: string, onPath: string[], headers: Record<string, string> = {}): Promise<Figures> => {
  await load(url, WARMUP_S, headers); // JIT, connection pools, the JWKS cache
  const before = snapshot(root);
  const r = await load(url, DURATION_S, headers);
  const cores = coresByKind(before, snapshot(root));
  const us = (cores: number) => ((cores * 1e6) / r.requests.average).toFixed(0);
  const perRequest =
    cores &&
    onPath
      .map((kind) => {
        const c = cores.get(kind) ?? { cores: 0, sys: 0 };
        return `${kind} ${us(c.cores)} µs (${us(c.sys)} in the kernel)`;
      })
      .join(', ');
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    ...(cores && { cpu: describeShare(cores), perRequest: `CPU per request: ${perRequest}` }),
  };
};

const row = (f: Figures) =>
  `  ${f.name.padEnd(42)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms` +
  (f.non2xx || f.errors ? `   !! non-2xx ${f.non2xx}, errors ${f.errors}: figures not valid` : '') +
  (f.perRequest ? `\n  ${''.padEnd(42)} ${f.perRequest}` : '') +
  (f.cpu ? `\n  ${''.padEnd(42)} ${f.cpu}` : '');

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

export async function main(root: string): Promise<void> {
  process.env.AKHADA_TOPIC_NAMESPACE = 'bench';
  const profileDir = path.join(root, 'infra', 'bench', 'results', `cpu-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  if (CPU_PROF) mkdirSync(profileDir, { recursive: true });
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...(CPU_PROF && { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`.trim() }),
  };

  const infra = await provision({ root, database: 'akhada_bench', fresh: true, smtp: SMTP });
  const hello = await startHelloWorld(root, HELLO_PORT);
  const stack = await startStack({
    root,
    databaseUrl: infra.databaseUrl,
    brokers: infra.brokers,
    portOffset: PORT_OFFSET,
    gatewayPort: GATEWAY_PORT,
    smtpPort: SMTP.smtpPort,
    appUrl: `http://localhost:${GATEWAY_PORT}`,
    logLevel: LOG_LEVEL,
    env,
    echo: false,
  }).catch(async (err: unknown) => {
    await hello.stop();
    await infra.stop();
    throw err;
  });
  const bareProxy = await startBareProxy(root, BARE_PROXY_PORT, `http://127.0.0.1:${stack.servicePort('members')}`).catch(async (err: unknown) => {
    await stack.stop();
    await hello.stop();
    await infra.stop();
    throw err;
  });
  const results: Figures[] = [];
  try {
    await seedDemo(stack.gatewayUrl, () => undefined);
    const res = await fetch(`${stack.gatewayUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.owner.email, password: DEMO.password }),
    });
    const { token } = authRoutes.login.responses[200].parse(await res.json()).data;
    const auth = { authorization: `Bearer ${token}` };
    const route = '/members?limit=20';
    const direct = `http://127.0.0.1:${stack.servicePort('members')}${route}`;
    const viaGateway = `${stack.gatewayUrl}/api${route}`;
    const viaBareProxy = `http://127.0.0.1:${BARE_PROXY_PORT}/api${route}`;
    // Every path answer the real page (20 of the seeded members) before anything is timed.
    for (const url of [direct, viaGateway, viaBareProxy]) {
      const page = memberRoutes.list.responses[200].parse(await (await fetch(url, { headers: auth })).json());
      if (page.data.length !== 20) throw new Error(`${url} returned ${page.data.length} members, expected 20`);
    }

    results.push(await measure(root, 'plain Fastify hello-world (ceiling)', `http://127.0.0.1:${HELLO_PORT}/`, ['hello-world']));
    results.push(
      await measure(root, 'members GET /health on its ops port (no DB, no token)', `http://127.0.0.1:${stack.opsPort('members')}/health`, ['members']),
    );
    results.push(await measure(root, `members GET ${route} direct`, direct, ['members', 'postgres (bench database)'], auth));
    results.push(await measure(root, `members GET ${route} via gateway`, viaGateway, ['gateway', 'members', 'postgres (bench database)'], auth));
    results.push(await measure(root, `members GET ${route} via a bare http-proxy`, viaBareProxy, ['bare-proxy', 'members', 'postgres (bench database)'], auth));
  } finally {
    await bareProxy.stop();
    await stack.stop();
    await hello.stop();
    await infra.stop();
  }

  const [ceiling, , d, g, bare] = results as [Figures, Figures, Figures, Figures, Figures];
  const share = g.rps / d.rps;
  const bareShare = bare.rps / d.rps;
  const addedP50 = g.p50 - d.p50;
  const directOk = d.rps >= TARGET.directRps && d.p99 <= TARGET.directP99Ms;
  const gatewayOk = share >= TARGET.gatewayShare && addedP50 <= TARGET.gatewayAddedP50Ms;
  console.log(
    [
      '',
      `npm run bench — ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s each, LOG_LEVEL=${LOG_LEVEL} NODE_ENV=production, ` +
        `${SERVICES.members.port + PORT_OFFSET}/${GATEWAY_PORT}, 36 members seeded, autocannon in this process` +
        (CPU_PROF ? ', UNDER THE CPU PROFILER' : ''),
      ...results.map(row),
      `  gateway/direct throughput ${(share * 100).toFixed(0)} %, added latency p50 ${addedP50 >= 0 ? '+' : ''}${addedP50} ms, p99 ${g.p99 - d.p99 >= 0 ? '+' : ''}${g.p99 - d.p99} ms` +
        ` (latencies have 1 ms resolution); direct is ${((100 * d.rps) / ceiling.rps).toFixed(0)} % of the hello-world ceiling`,
      `  a bare Fastify + @fastify/http-proxy (nothing else) reaches ${(bareShare * 100).toFixed(0)} % of direct, ` +
        `${bare.p50 - d.p50 >= 0 ? '+' : ''}${bare.p50 - d.p50} ms at p50: the most any gateway of this shape gets on this machine; ` +
        `the gateway's own work costs ${((bareShare - share) * 100).toFixed(0)} points`,
      '',
      `  ${verdict(directOk)}  direct ≥ ${TARGET.directRps} req/s at p99 ≤ ${TARGET.directP99Ms} ms: ${d.rps.toFixed(0)} req/s, p99 ${d.p99} ms`,
      `  ${verdict(gatewayOk)}  gateway ≥ ${TARGET.gatewayShare * 100} % of direct and ≤ ${TARGET.gatewayAddedP50Ms} ms added at p50: ` +
        `${(share * 100).toFixed(0)} % (${g.rps.toFixed(0)} of ${d.rps.toFixed(0)} req/s), ${addedP50 >= 0 ? '+' : ''}${addedP50} ms at p50 (${g.p50} vs ${d.p50} ms)`,
      '',
    ].join('\n'),
  );

  if (CPU_PROF) {
    // Every process of the stack wrote one profile when it stopped; show the two on the request path.
    const summaries = readdirSync(profileDir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => ({ file: path.join(profileDir, f), summary: summarize(path.join(profileDir, f)) }));
    for (const name of ['members', 'gateway']) {
      const found = summaries.find((s) => s.summary.process === name);
      console.log(found ? `${formatSummary(found.summary)}\n  (${path.relative(root, found.file)})\n` : `no CPU profile of ${name} in ${profileDir}\n`);
    }
  }
}
