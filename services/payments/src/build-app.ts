import { createService } from '@akhada/kit';
import type { AppDeps } from './app/deps.ts';
import { RAW_BODY, registerRoutes } from './http/routes.ts';

const WEBHOOK_PATH = '/payments/razorpay/webhook';

/** The payments HTTP app from its dependencies, not listening: main.ts serves it, tests call `app.inject()`. */
export const buildApp = ({ logger, verifier, readiness, directory, ...deps }: AppDeps) => {
  const svc = createService({ name: 'payments', logger, verifier, readiness, directory });
  // Razorpay signs the raw bytes of a webhook: keep them (the JSON parser still parses the same bytes after).
  svc.app.addHook('preParsing', async (req, _reply, payload) => {
    if (req.method !== 'POST' || req.url.split('?')[0] !== WEBHOOK_PATH) return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    const raw = Buffer.concat(chunks);
    (req as unknown as Record<symbol, Buffer>)[RAW_BODY] = raw;
    const { Readable } = await import('node:stream');
    const stream = Readable.from([raw]) as unknown as typeof payload & { receivedEncodedLength?: number };
    stream.receivedEncodedLength = raw.length;
    return stream;
  });
  registerRoutes(svc, { ...deps, directory });
  return svc.app;
};
