// The floor for the gateway's hop: Fastify with @fastify/http-proxy on undici and nothing else (no logger, no hooks,
// no token check), forwarding /api/members/* to UPSTREAM. Run by the request-path harness (BENCH_ONLY=…,bare) so
// the gateway's cost per request can be compared with what the proxy alone costs on the same machine.
import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(proxy, {
  upstream: process.env.UPSTREAM ?? 'http://127.0.0.1:4102',
  prefix: '/api/members',
  rewritePrefix: '/members',
  undici: { connections: 128, pipelining: 1 },
  disableRequestLogging: true,
});
app.get('/ready', async () => 'ok');
await app.listen({ port: Number(process.env.PORT ?? 28091), host: '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
