// Benchmark (prints figures; not a test): one route called directly on its service and through the gateway.
// Starts its own copy of the stack on separate ports with a fresh database, seeds the demo, measures, stops.
import autocannon from 'autocannon';
import { authRoutes } from '@akhada/contracts';
import { provision } from '../provision.ts';
import { DEMO, seedDemo } from '../seed.ts';
import { startStack } from '../stack.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const measure = (url: string, token: string) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { authorization: `Bearer ${token}` } }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });

export async function main(root: string): Promise<void> {
  process.env.AKHADA_TOPIC_NAMESPACE = 'bench';
  const infra = await provision({ root, database: 'akhada_bench', fresh: true, smtp: { smtpPort: 22525, httpPort: 28025 } });
  const stack = await startStack({
    root,
    databaseUrl: infra.databaseUrl,
    brokers: infra.brokers,
    portOffset: 20000,
    gatewayPort: 28080,
    smtpPort: 22525,
    appUrl: 'http://localhost:28080',
    logLevel: 'warn',
    env: { RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  try {
    await seedDemo(stack.gatewayUrl, () => undefined);
    const res = await fetch(`${stack.gatewayUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.owner.email, password: DEMO.password }),
    });
    const { token } = authRoutes.login.responses[200].parse(await res.json()).data;
    const path = '/members?limit=20';
    const direct = `http://127.0.0.1:${stack.servicePort('members')}${path}`;
    const viaGateway = `${stack.gatewayUrl}/api${path}`;
    // Warm both paths (JIT, connection pools, JWKS cache) before measuring.
    for (const url of [direct, viaGateway]) for (let i = 0; i < 50; i++) await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const d = await measure(direct, token);
    const g = await measure(viaGateway, token);
    const row = (name: string, r: autocannon.Result) =>
      `${name.padEnd(16)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
    console.log(`\nGET ${path} (${CONNECTIONS} connections, ${DURATION_S} s each, 36 members seeded, 2 cores shared with PostgreSQL and Kafka)`);
    console.log(row('direct', d));
    console.log(row('through gateway', g));
    console.log(
      `ratio gateway/direct: throughput ${(g.requests.average / d.requests.average).toFixed(2)}, p50 ${(g.latency.p50 / Math.max(d.latency.p50, 0.001)).toFixed(2)}, p99 ${(g.latency.p99 / Math.max(d.latency.p99, 0.001)).toFixed(2)}\n`,
    );
  } finally {
    await stack.stop();
    await infra.stop();
  }
}
