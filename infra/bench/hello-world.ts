// The ceiling for `npm run bench`: a plain Fastify hello-world (no logger, no plugins), run as its own process the way
// the services run (node --import tsx), so the figures compare like with like. PORT picks the port.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// The no-op upstream behind bench:checkin's bare proxy (its capacity ratio): a POST answered without any work.
app.post('/members', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT ?? 28090), host: '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
