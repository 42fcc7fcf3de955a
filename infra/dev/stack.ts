// Starts the whole product as separate processes: every service that exists, then the gateway. Used by `npm start`,
// the browser tests' global setup and the benchmark, so all three run the same thing. Every process is supervised: one
// that exits unasked (a crash, an out-of-memory kill) is started again with back-off, and left down when it
// crash-loops (processes.ts, restart-policy.ts); one stopped or killed through the stack stays down.
import { SERVICES, type ServiceName } from '@akhada/contracts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { superviseProcess, type SupervisedProcess, type SupervisedState } from './processes.ts';
import { approvedTemplates, NOTIFICATIONS_WHATSAPP_NUMBER } from './provision.ts';
import {
  type OidcStandin,
  oidcStandinEnv,
  type RazorpayStandin,
  razorpayStandinEnv,
  startOidcStandinForStack,
  startRazorpayStandinForStack,
} from '../standins/index.ts';

export interface StackOptions {
  root: string;
  /** Full URL of the product's database (every service gets its own schema in it). */
  databaseUrl: string;
  brokers: string[];
  /** Added to every service port (0 in development, e.g. 10000 for tests, so both can run side by side). */
  portOffset: number;
  gatewayPort: number;
  smtpPort: number;
  /** The WhatsApp Cloud API stand-in's port (notifications' WHATSAPP_API_URL); unset: the service's default. */
  whatsappPort?: number;
  /** The SMS gateway stand-in's port (notifications' SMS_API_URL); unset: no SMS provider. */
  smsPort?: number;
  appUrl: string;
  logLevel?: string;
  /** Extra environment for every process. */
  env?: Record<string, string>;
  /** false: do not print the processes' output (kept for error messages only). Default true. */
  echo?: boolean;
  /**
   * How many interchangeable instances of a service to run (default 1; from `<SERVICE>_INSTANCES`, e.g.
   * ATTENDANCE_INSTANCES=2, when not given). Instance k listens on the service port + 100·k (ops port + 1000 as
   * always); the gateway gets the whole list and balances across it; their consumers share the consumer group.
   */
  instances?: Partial<Record<ServiceName, number>>;
  /**
   * First port tried for the Razorpay stand-in (default 2526 + portOffset; the next free one when taken). Its URLs and
   * test keys go to the payments service (RAZORPAY_*), its origin to the gateway's CSP (PAYMENT_CHECKOUT_ORIGINS).
   */
  razorpayPort?: number;
  /** First port tried for the Google sign-in (OpenID Connect) stand-in (default 2527 + portOffset); auth gets GOOGLE_*. */
  oidcPort?: number;
}

/** The Meta app secret the stand-in signs its webhooks with, and notifications checks them with, in the local stack. */
const WHATSAPP_APP_SECRET = 'dev-whatsapp-app-secret';

const configureWhatsAppSink = async (port: number, webhookUrl: string): Promise<void> => {
  const post = (what: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}/control/${what}`, { method: 'POST', body: JSON.stringify(body), signal: AbortSignal.timeout(5_000) }).then((r) => {
      if (!r.ok) throw new Error(`the WhatsApp stand-in refused /control/${what}: ${r.status}`);
    });
  await post('templates', { templates: approvedTemplates() });
  await post('webhook', { url: webhookUrl, appSecret: WHATSAPP_APP_SECRET });
};

/** The secret the SMS stand-in signs a person's reply with, and notifications checks it with (its SMS_INBOUND_SECRET), in the local stack. */
const SMS_INBOUND_SECRET = 'dev-sms-inbound-secret';

const configureSmsSink = async (port: number, inboundUrl: string): Promise<void> => {
  const r = await fetch(`http://127.0.0.1:${port}/control/inbound-webhook`, {
    method: 'POST',
    body: JSON.stringify({ url: inboundUrl, secret: SMS_INBOUND_SECRET }),
    signal: AbortSignal.timeout(5_000),
  }).catch(() => null);
  // Not fatal: an older stand-in left running knows no replies; SMS still goes out, a STOP is just not forwarded.
  if (!r?.ok) process.stderr.write(`the SMS stand-in refused /control/inbound-webhook (${r?.status ?? 'no answer'}): SMS replies are not forwarded\n`);
};

/** One running (or killed) instance of a service. */
export interface ServiceInstance {
  service: ServiceName;
  /** 0, 1, … */
  index: number;
  port: number;
  opsPort: number;
  /** The INSTANCE_ID it was started with (its consumers' client id, its log lines). */
  instanceId: string;
  /** Its process id while it runs (a new one after each restart; none while a restart waits or once it is down). */
  pid?: number;
  /** running, restarting (waiting out the back-off), gave-up (crash loop) or stopped (killed or stopped on purpose). */
  state: SupervisedState;
  /** How many times the supervisor started it again after it died. */
  restarts: number;
}

/** `ATTENDANCE_INSTANCES=2` → { attendance: 2 } (one per service unless told; a bad value is an error, not ignored). */
export const instancesFromEnv = (env: NodeJS.ProcessEnv = process.env): Partial<Record<ServiceName, number>> => {
  const out: Partial<Record<ServiceName, number>> = {};
  for (const s of Object.keys(SERVICES) as ServiceName[]) {
    const raw = env[`${s.toUpperCase()}_INSTANCES`];
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > 9) throw new Error(`${s.toUpperCase()}_INSTANCES must be a whole number from 1 to 9 (got "${raw}")`);
    out[s] = n;
  }
  return out;
};

export interface Stack {
  gatewayUrl: string;
  /** The gateway's internal ops port: /health, /ready, /metrics and the API docs (/docs). */
  gatewayOpsUrl: string;
  servicePort(name: ServiceName): number;
  /** A service's internal ops port (/health, /ready, /metrics, /docs/json): its port + 1000. */
  opsPort(name: ServiceName): number;
  services: ServiceName[];
  /** Every instance of a service (one unless the stack was told otherwise). */
  instances(name: ServiceName): ServiceInstance[];
  /**
   * Kills every instance of a service at once (SIGKILL: no graceful shutdown), as a crash would, except that it stays
   * down until start() (a crash behind the stack's back, e.g. `kill -9 <pid>`, is restarted by the supervisor).
   */
  kill(name: ServiceName): Promise<void>;
  /** Starts every instance of a service that is not running and waits until they are ready. */
  start(name: ServiceName): Promise<void>;
  /** Kills one instance (SIGKILL); it stays down until startInstance(). */
  killInstance(name: ServiceName, index: number): Promise<void>;
  /** Starts one instance again and waits until it is ready. */
  startInstance(name: ServiceName, index: number): Promise<void>;
  stop(): Promise<void>;
  /** The gateway's process id while it runs (the chaos harness kills and pauses it; the supervisor restarts it). */
  gatewayPid(): number | undefined;
  /** The Razorpay stand-in's URL (its /__standin/* controls; RAZORPAY_API_URL). */
  razorpayUrl?: string;
  /** The Google sign-in stand-in's issuer URL (GOOGLE_ISSUER_URL of auth). */
  oidcUrl?: string;
}

/** The services built so far: every folder under services/ with a src/main.ts (the kit is a library, not a service). */
export const builtServices = (root: string): ServiceName[] =>
  (Object.keys(SERVICES) as ServiceName[]).filter((s) => existsSync(path.join(root, 'services', s, 'src', 'main.ts')));

/**
 * Each process's pool, so that every process of the stack at its busiest still fits the server's max_connections
 * (a machine's shared PostgreSQL keeps 100; ten each for fifteen processes ran it out under the bad-input guard): what
 * is left after a reserve for migrations, tests and psql, shared out, between 2 and 10.
 */
async function poolSizeFor(databaseUrl: string, processes: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ max_connections: string }>('show max_connections');
    const reserve = 25;
    return Math.max(2, Math.min(10, Math.floor((Number(rows[0]!.max_connections) - reserve) / Math.max(1, processes))));
  } finally {
    await client.end();
  }
}

export async function startStack(o: StackOptions): Promise<Stack> {
  const services = builtServices(o.root);
  const port = (s: ServiceName) => SERVICES[s].port + o.portOffset;
  // Operational endpoints are never on the ports the gateway proxies to (nor on the public edge): each process has an
  // internal ops port, 1000 above its own.
  const opsPort = (s: ServiceName) => port(s) + 1000;
  const gatewayOpsPort = o.gatewayPort + 1000;
  const counts = o.instances ?? instancesFromEnv();
  const countOf = (s: ServiceName) => (services.includes(s) ? (counts[s] ?? 1) : 1);
  const instancePort = (s: ServiceName, k: number) => port(s) + 100 * k;
  // A fresh id on every start through the stack (as a new process would have), kept to tell the instances apart in
  // tests; the supervisor's restart after a crash keeps it (as an orchestrator restarting the same container).
  const instanceIds = new Map<string, string>();
  const newInstanceId = (s: ServiceName, k: number) => `${s}${k > 0 ? `-${k + 1}` : ''}-${process.pid}-${Date.now().toString(36)}`;
  const procKey = (s: ServiceName, k: number) => (k === 0 ? s : `${s}-${k + 1}`);
  const procs = new Map<string, SupervisedProcess>();
  const poolMax = await poolSizeFor(
    o.databaseUrl,
    services.reduce((n, s) => n + countOf(s), 0),
  );
  const common = {
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    DB_POOL_MAX: String(poolMax),
    LOG_LEVEL: o.logLevel ?? 'info',
    KAFKAJS_NO_PARTITIONER_WARNING: '1',
    ...o.env,
  };
  const serviceEnv = (s: ServiceName, k: number) => ({
    ...common,
    DATABASE_URL: o.databaseUrl,
    KAFKA_BROKERS: o.brokers.join(','),
    HOST: '127.0.0.1',
    PORT: String(instancePort(s, k)),
    OPS_PORT: String(instancePort(s, k) + 1000),
    // Service ports are internal: only the gateway (on this machine) may tell a service the client's address.
    TRUSTED_GATEWAYS: '127.0.0.1',
    AUTH_JWKS_URL: `http://127.0.0.1:${port('auth')}/auth/.well-known/jwks.json`,
    // The owners of people, for a copy's read-through on a miss (every instance, as the gateway's <SERVICE>_URL).
    MEMBERS_URL: Array.from({ length: countOf('members') }, (_, i) => `http://127.0.0.1:${instancePort('members', i)}`).join(','),
    TRAINERS_URL: Array.from({ length: countOf('trainers') }, (_, i) => `http://127.0.0.1:${instancePort('trainers', i)}`).join(','),
    APP_URL: o.appUrl,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(o.smtpPort),
    ...(o.whatsappPort ? { WHATSAPP_API_URL: `http://127.0.0.1:${o.whatsappPort}` } : {}),
    ...(o.whatsappPort && s === 'notifications' ? { WHATSAPP_PHONE_NUMBER_ID: NOTIFICATIONS_WHATSAPP_NUMBER, WHATSAPP_APP_SECRET: WHATSAPP_APP_SECRET } : {}),
    ...(o.smsPort && s === 'notifications' ? { SMS_API_URL: `http://127.0.0.1:${o.smsPort}`, SMS_INBOUND_SECRET } : {}),
    INSTANCE_ID: instanceIds.get(procKey(s, k)) ?? newInstanceId(s, k),
    ...(s === 'payments' && razorpay ? razorpayStandinEnv(razorpay) : {}),
    ...(s === 'auth' && oidc ? oidcStandinEnv(oidc) : {}),
  });
  const startInstance = async (s: ServiceName, k: number) => {
    if (!Number.isInteger(k) || k < 0 || k >= countOf(s)) throw new Error(`${s} has ${countOf(s)} instance(s): no instance ${k}`);
    const known = procs.get(procKey(s, k));
    if (known?.state === 'running' || known?.state === 'restarting') return;
    instanceIds.set(procKey(s, k), newInstanceId(s, k));
    const p = await superviseProcess({
      name: procKey(s, k),
      cwd: path.join(o.root, 'services', s),
      command: process.execPath,
      args: ['--import', 'tsx', 'src/main.ts'],
      env: serviceEnv(s, k),
      readyUrl: `http://127.0.0.1:${instancePort(s, k) + 1000}/ready`,
      readyTimeoutMs: 90_000,
      echo: o.echo,
    });
    procs.set(procKey(s, k), p);
  };
  const indexes = (s: ServiceName) => Array.from({ length: countOf(s) }, (_, k) => k);
  const startService = async (s: ServiceName) => {
    await Promise.all(indexes(s).map((k) => startInstance(s, k)));
  };
  const killInstance = async (s: ServiceName, k: number) => {
    const p = procs.get(procKey(s, k));
    if (!p) return;
    procs.delete(procKey(s, k));
    await p.kill();
  };

  const stopAll = async () => {
    const gw = procs.get('gateway');
    await gw?.stop();
    await Promise.all([...procs.entries()].filter(([n]) => n !== 'gateway').map(([, p]) => p.stop()));
    procs.clear();
    await razorpay?.stop();
    await oidc?.stop();
  };
  let razorpay: RazorpayStandin | undefined;
  let oidc: OidcStandin | undefined;
  try {
    oidc = await startOidcStandinForStack({ port: o.oidcPort ?? 2527 + o.portOffset });
    razorpay = await startRazorpayStandinForStack({
      port: o.razorpayPort ?? 2526 + o.portOffset,
      webhookUrl: `http://127.0.0.1:${o.gatewayPort}/api/payments/razorpay/webhook`,
    });
    // The WhatsApp stand-in (provision.ts, or one already running): the catalogue's templates, and its callbacks
    // (statuses, a person's messages) to notifications' webhook through the gateway, as Meta would call it.
    if (o.whatsappPort) await configureWhatsAppSink(o.whatsappPort, `http://127.0.0.1:${o.gatewayPort}/api/notifications/whatsapp/webhook`);
    // The SMS gateway stand-in: a person's reply (a STOP) to notifications' inbound webhook through the gateway, signed.
    if (o.smsPort) await configureSmsSink(o.smsPort, `http://127.0.0.1:${o.gatewayPort}/api/notifications/sms/inbound`);
    // auth first: the others fetch its JWKS; then the rest side by side, then the gateway.
    if (services.includes('auth')) await startService('auth');
    await Promise.all(services.filter((s) => s !== 'auth').map(startService));
    const gatewayEnv: Record<string, string> = {
      ...common,
      GATEWAY_PORT: String(o.gatewayPort),
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_OPS_PORT: String(gatewayOpsPort),
      GATEWAY_OPS_HOST: '127.0.0.1',
      // The landing page's canonical and Open Graph URLs: the address the product is reached at, never a Host header.
      PUBLIC_ORIGIN: o.appUrl,
      AUTH_JWKS_URL: `http://127.0.0.1:${port('auth')}/auth/.well-known/jwks.json`,
      FRONTEND_DIST: path.join(o.root, 'frontend', 'dist'),
      PAYMENT_CHECKOUT_ORIGINS: razorpay.url,
    };
    for (const s of Object.keys(SERVICES) as ServiceName[])
      gatewayEnv[`${s.toUpperCase()}_URL`] = indexes(s)
        .map((k) => `http://127.0.0.1:${instancePort(s, k)}`)
        .join(',');
    procs.set(
      'gateway',
      await superviseProcess({
        name: 'gateway',
        cwd: path.join(o.root, 'gateway'),
        command: process.execPath,
        args: ['--import', 'tsx', 'src/main.ts'],
        env: gatewayEnv,
        readyUrl: `http://127.0.0.1:${gatewayOpsPort}/ready`,
        echo: o.echo,
      }),
    );
  } catch (err) {
    await stopAll(); // leave nothing half-started behind
    throw err;
  }

  return {
    gatewayUrl: `http://127.0.0.1:${o.gatewayPort}`,
    gatewayOpsUrl: `http://127.0.0.1:${gatewayOpsPort}`,
    servicePort: port,
    opsPort,
    services,
    instances: (s) =>
      indexes(s).map((k) => ({
        service: s,
        index: k,
        port: instancePort(s, k),
        opsPort: instancePort(s, k) + 1000,
        instanceId: instanceIds.get(procKey(s, k)) ?? '',
        ...(procs.get(procKey(s, k))?.current ? { pid: procs.get(procKey(s, k))!.current!.pid } : {}),
        state: procs.get(procKey(s, k))?.state ?? 'stopped',
        restarts: procs.get(procKey(s, k))?.restarts ?? 0,
      })),
    async kill(name) {
      await Promise.all(indexes(name).map((k) => killInstance(name, k)));
    },
    start: startService,
    killInstance,
    startInstance,
    stop: stopAll,
    gatewayPid: () => procs.get('gateway')?.current?.pid,
    razorpayUrl: razorpay.url,
    oidcUrl: oidc.url,
  };
}
