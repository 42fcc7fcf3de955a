import { apiKeyIntrospectUrl, createApiKeyChecker, createLogger, createTokenVerifier, serve } from '@akhada/kit';
import { buildGateway } from './build-app.ts';
import { loadGatewayConfig, type GatewayConfig } from './config.ts';

let config: GatewayConfig;
try {
  config = loadGatewayConfig();
} catch (err) {
  // e.g. production without PUBLIC_ORIGIN: say exactly what is wrong and do not start.
  console.error((err as Error).message);
  process.exit(78);
}
const logger = createLogger('gateway', config.LOG_LEVEL);

const app = await buildGateway({
  logger,
  landingContentDir: config.LANDING_CONTENT_DIR,
  // API keys are checked with auth (cached 30 s per key): the edge limits a key's requests as its own caller.
  verifier: createTokenVerifier({ jwksUrl: config.AUTH_JWKS_URL, apiKeys: createApiKeyChecker({ url: apiKeyIntrospectUrl(config.AUTH_JWKS_URL) }) }),
  frontendDist: config.FRONTEND_DIST,
  frontendSsr: config.FRONTEND_SSR,
  ...(config.PUBLIC_ORIGIN ? { publicOrigin: config.PUBLIC_ORIGIN } : {}),
  ...(config.NOTIFICATIONS_URL ? { hubUpstream: config.NOTIFICATIONS_URL } : {}),
  ...(config.TRUSTED_PROXIES ? { trustedProxies: config.TRUSTED_PROXIES } : {}),
  corsOrigins: config.CORS_ORIGINS.split(','),
  rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
  authRateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
  apiKeyRateLimits: config.API_KEY_RATE_LIMITS,
  ...(config.AUTH_OPS_URL ? { apiKeyUsageUrl: config.AUTH_OPS_URL } : {}),
  bodyLimit: config.BODY_LIMIT_BYTES,
  paymentCheckoutOrigins: config.PAYMENT_CHECKOUT_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean),
}).catch((err: Error) => {
  // e.g. an invalid landing content file: say exactly what is wrong and do not start.
  logger.fatal(err.message);
  process.exit(1);
});
// The public edge on GATEWAY_PORT; health, readiness, metrics and the API docs on GATEWAY_OPS_PORT (loopback by default).
await serve({
  app,
  port: config.GATEWAY_PORT,
  host: config.GATEWAY_HOST,
  opsPort: config.GATEWAY_OPS_PORT,
  opsHost: config.GATEWAY_OPS_HOST,
  logger,
  onClose: [],
});
