import { createLogger, createTokenVerifier } from '@akhada/kit';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { buildGateway } from './app.ts';
import { DEFAULT_LANDING_CONTENT_DIR } from './public-content.ts';

const Config = z.object({
  GATEWAY_PORT: z.coerce.number().int().default(8080),
  GATEWAY_HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.string().default('info'),
  AUTH_JWKS_URL: z.url().default('http://127.0.0.1:4101/auth/.well-known/jwks.json'),
  FRONTEND_DIST: z.string().default(fileURLToPath(new URL('../../frontend/dist', import.meta.url))),
  /** The frontend's server build (the landing page's first screen); default: frontend/dist-ssr. */
  FRONTEND_SSR: z.string().default(fileURLToPath(new URL('../../frontend/dist-ssr', import.meta.url))),
  /** The public origin of the site (e.g. https://akhada.in) for absolute URLs in link previews; else the request's Host. */
  PUBLIC_ORIGIN: z.url().optional(),
  CORS_ORIGINS: z.string().default('http://localhost:5173,http://127.0.0.1:5173'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Folder of landing.en.json and landing.hi.json (operator-editable; validated at startup, applied on restart). */
  LANDING_CONTENT_DIR: z.string().default(DEFAULT_LANDING_CONTENT_DIR),
});
const config = Config.parse(process.env);
const logger = createLogger('gateway', config.LOG_LEVEL);

const app = await buildGateway({
  logger,
  landingContentDir: config.LANDING_CONTENT_DIR,
  verifier: createTokenVerifier({ jwksUrl: config.AUTH_JWKS_URL }),
  frontendDist: config.FRONTEND_DIST,
  frontendSsr: config.FRONTEND_SSR,
  publicOrigin: config.PUBLIC_ORIGIN?.replace(/\/$/, ''),
  hubUpstream: process.env.NOTIFICATIONS_URL,
  trustedProxies: process.env.TRUSTED_PROXIES,
  corsOrigins: config.CORS_ORIGINS.split(','),
  rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
  authRateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
}).catch((err: Error) => {
  // e.g. an invalid landing content file: say exactly what is wrong and do not start.
  logger.fatal(err.message);
  process.exit(1);
});
await app.listen({ port: config.GATEWAY_PORT, host: config.GATEWAY_HOST });
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
