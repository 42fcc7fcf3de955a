import { SERVICES } from '@akhada/contracts';
import { z } from 'zod';

/** The HTTP settings the kit reads itself, in BaseConfig too so a bad value stops a service at start. */
const KitHttpEnvShape = {
  /** The internal port of /health, /ready, /metrics and /docs/json; default PORT + 1000. Never exposed publicly. */
  OPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * The gateway's addresses (IPs, CIDRs or host names, comma-separated): the only peers whose X-Forwarded-For a
   * service believes. Service ports are internal; anyone else reaching one is taken at its socket address.
   */
  TRUSTED_GATEWAYS: z.string().default('127.0.0.1'),
};
const KitHttpEnv = z.object(KitHttpEnvShape);

/** Settings every service reads from the environment. Services extend it with their own. */
export const BaseConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ message: 'DATABASE_URL must be a postgres:// URL' }),
  KAFKA_BROKERS: z
    .string()
    .default('127.0.0.1:19092')
    .transform((s) =>
      s
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean),
    ),
  /**
   * How long an idle consumer's fetch waits at the broker (ms): the idle polling of every consumer group. Default 5000
   * in production (~40 groups in a stack at 1/s kept about a third of a 2-core machine busy doing nothing), 1000
   * otherwise (tests start and stop consumers often, and a stop waits for the fetch in flight). Must stay below the
   * consumers' 10 s session timeout.
   */
  KAFKA_IDLE_WAIT_MS: z.coerce.number().int().min(100).max(8_000).optional(),
  /** Where services fetch the auth service's public keys. */
  AUTH_JWKS_URL: z.url().default('http://127.0.0.1:4101/auth/.well-known/jwks.json'),
  /**
   * The owners of the people other services keep copies of, asked only when a copy lacks someone a request names (the
   * read-through, people/read-through.ts): several instances comma-separated, as the gateway's <SERVICE>_URL.
   */
  MEMBERS_URL: z.string().min(1).default(`http://127.0.0.1:${SERVICES.members.port}`),
  TRAINERS_URL: z.string().min(1).default(`http://127.0.0.1:${SERVICES.trainers.port}`),
  /** Distinguishes instances of one service (consumer groups for fan-out, logs). */
  INSTANCE_ID: z.string().default(`${process.pid}`),
  /**
   * The most PostgreSQL connections this process holds (its pool). A deployment sizes it against the server's
   * max_connections over every process that shares it; the local stack does (infra/dev/stack.ts).
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  ...KitHttpEnvShape,
});
export type BaseConfig = z.infer<typeof BaseConfig>;

/** KAFKA_IDLE_WAIT_MS, or its default for the environment. */
export const kafkaIdleWaitMs = (config: Pick<BaseConfig, 'NODE_ENV' | 'KAFKA_IDLE_WAIT_MS'>): number =>
  config.KAFKA_IDLE_WAIT_MS ?? (config.NODE_ENV === 'production' ? 5_000 : 1_000);

/** What createService and serve read themselves (services' main.ts pass nothing for them). */
export const kitHttpEnv = (env: NodeJS.ProcessEnv = process.env) => KitHttpEnv.parse(env);

/** Parses the environment; on failure prints every problem and exits, so a bad deploy fails at once and clearly. */
export const loadConfig = <T extends z.ZodObject>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> => {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    console.error(`Invalid configuration:\n${lines}`);
    process.exit(78);
  }
  return parsed.data;
};
