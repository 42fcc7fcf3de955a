import { parseApiKeyLimits } from './api-key-limits.ts';
import { DEFAULT_BODY_LIMIT } from '@akhada/kit';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_LANDING_CONTENT_DIR } from './public-content.ts';

/** The gateway's settings from the environment (README's table). */
export const GatewayConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    GATEWAY_HOST: z.string().default('0.0.0.0'),
    /** /health, /ready, /metrics and the API docs (/docs): an internal port, on loopback unless told otherwise. */
    GATEWAY_OPS_PORT: z.coerce.number().int().min(0).max(65535).default(9080),
    GATEWAY_OPS_HOST: z.string().default('127.0.0.1'),
    LOG_LEVEL: z.string().default('info'),
    AUTH_JWKS_URL: z.url().default('http://127.0.0.1:4101/auth/.well-known/jwks.json'),
    FRONTEND_DIST: z.string().default(fileURLToPath(new URL('../../frontend/dist', import.meta.url))),
    /** The frontend's server build (the landing page's first screen); default: frontend/dist-ssr. */
    FRONTEND_SSR: z.string().default(fileURLToPath(new URL('../../frontend/dist-ssr', import.meta.url))),
    /**
     * The public origin of the site (e.g. https://akhada.in) for the landing page's canonical and Open Graph URLs.
     * Required in production; elsewhere, without it, those URLs are relative — never taken from the Host header.
     */
    PUBLIC_ORIGIN: z
      .url({ message: 'PUBLIC_ORIGIN must be an origin such as https://akhada.in' })
      .refine((v) => /^https?:\/\/[^/?#]+\/?$/.test(v), 'PUBLIC_ORIGIN must be an origin only (scheme, host, port), such as https://akhada.in')
      .transform((v) => v.replace(/\/$/, ''))
      .optional(),
    CORS_ORIGINS: z.string().default('http://localhost:5173,http://127.0.0.1:5173'),
    /** Per signed-in user (organization + user) and route; also per address for anonymous calls to the other routes. */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
    /** Per address for anonymous calls to the prefixes a guest may use (sign-in, registration, the contact form). */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
    /** Requests per minute per API key by plan, e.g. `pro=300,enterprise=1200` (unnamed plans keep their defaults). */
    API_KEY_RATE_LIMITS: z.string().optional().transform(parseApiKeyLimits),
    /** auth's ops port (internal), where API keys' usage per day is stored in batches; default: AUTH_URL's first upstream, port + 1000. */
    AUTH_OPS_URL: z.url().optional(),
    /** The largest request body the edge passes on (the services' own limit). */
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(DEFAULT_BODY_LIMIT),
    /** Folder of landing.en.json and landing.hi.json (operator-editable; validated at startup, applied on restart). */
    LANDING_CONTENT_DIR: z.string().default(DEFAULT_LANDING_CONTENT_DIR),
    /** Proxies in front of the gateway whose X-Forwarded-For is believed (none by default). */
    TRUSTED_PROXIES: z.string().optional(),
    /** socket.io hub (the notifications service). */
    NOTIFICATIONS_URL: z.url().optional(),
    /**
     * Origins the payment provider's Checkout loads from and talks to (comma-separated), allowed by the CSP for scripts,
     * connections and frames: Razorpay's own by default; the local stand-in's in development and tests.
     */
    PAYMENT_CHECKOUT_ORIGINS: z.string().default('https://checkout.razorpay.com,https://api.razorpay.com,https://lumberjack.razorpay.com'),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.PUBLIC_ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message: 'PUBLIC_ORIGIN is required in production (e.g. https://akhada.in): the landing page’s links must not come from the Host header',
      });
    }
  });
export type GatewayConfig = z.infer<typeof GatewayConfig>;

/** Parses the environment; throws one error listing every problem (main.ts prints it and exits). */
export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig => {
  const parsed = GatewayConfig.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid gateway configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  return parsed.data;
};
