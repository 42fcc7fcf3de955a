// The proxy ceiling for `npm run bench`: Fastify and @fastify/http-proxy on undici, as the gateway uses them, with
// nothing else (no logger, no token check, no rate limit, no headers added). Whatever the gateway adds shows as the
// difference between this row and the gateway's. PORT picks the port, UPSTREAM the service it forwards /api/members to.
import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ready', async () => ({ ready: true }));
await app.register(proxy, {
  upstream: process.env.UPSTREAM ?? 'http://127.0.0.1:24102',
  prefix: '/api/members',
  rewritePrefix: '/members',
  undici: { headersTimeout: 30_000, bodyTimeout: 30_000 },
});
await app.listen({ port: Number(process.env.PORT ?? 28091), host: '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
