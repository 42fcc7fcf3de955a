// Starts the whole product as separate processes: every service that exists, then the gateway. Used by `npm start`,
// the browser tests' global setup and the benchmark, so all three run the same thing.
import { SERVICES, type ServiceName } from '@akhada/contracts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startProcess, type ManagedProcess } from './processes.ts';

export interface StackOptions {
  root: string;
  /** Full URL of the product's database (every service gets its own schema in it). */
  databaseUrl: string;
  brokers: string[];
  /** Added to every service port (0 in development, e.g. 10000 for tests, so both can run side by side). */
  portOffset: number;
  gatewayPort: number;
  smtpPort: number;
  appUrl: string;
  logLevel?: string;
  /** Extra environment for every process. */
  env?: Record<string, string>;
  /** false: do not print the processes' output (kept for error messages only). Default true. */
  echo?: boolean;
}

export interface Stack {
  gatewayUrl: string;
  servicePort(name: ServiceName): number;
  services: ServiceName[];
  /** Kills a service at once (SIGKILL: no graceful shutdown), as a crash would. */
  kill(name: ServiceName): Promise<void>;
  /** Starts a service again and waits until it is ready. */
  start(name: ServiceName): Promise<void>;
  stop(): Promise<void>;
}

/** The services built so far: every folder under services/ with a src/main.ts (the kit is a library, not a service). */
export const builtServices = (root: string): ServiceName[] =>
  (Object.keys(SERVICES) as ServiceName[]).filter((s) => existsSync(path.join(root, 'services', s, 'src', 'main.ts')));

export async function startStack(o: StackOptions): Promise<Stack> {
  const services = builtServices(o.root);
  const port = (s: ServiceName) => SERVICES[s].port + o.portOffset;
  const procs = new Map<string, ManagedProcess>();
  const common = {
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    LOG_LEVEL: o.logLevel ?? 'info',
    KAFKAJS_NO_PARTITIONER_WARNING: '1',
    ...o.env,
  };
  const serviceEnv = (s: ServiceName) => ({
    ...common,
    DATABASE_URL: o.databaseUrl,
    KAFKA_BROKERS: o.brokers.join(','),
    HOST: '127.0.0.1',
    PORT: String(port(s)),
    AUTH_JWKS_URL: `http://127.0.0.1:${port('auth')}/auth/.well-known/jwks.json`,
    APP_URL: o.appUrl,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(o.smtpPort),
    INSTANCE_ID: `${s}-${process.pid}-${Date.now().toString(36)}`,
  });
  const startService = async (s: ServiceName) => {
    const p = await startProcess({
      name: s,
      cwd: path.join(o.root, 'services', s),
      command: process.execPath,
      args: ['--import', 'tsx', 'src/main.ts'],
      env: serviceEnv(s),
      readyUrl: `http://127.0.0.1:${port(s)}/ready`,
      echo: o.echo,
      readyTimeoutMs: 90_000,
    });
    procs.set(s, p);
  };

  const stopAll = async () => {
    const gw = procs.get('gateway');
    await gw?.stop();
    await Promise.all([...procs.entries()].filter(([n]) => n !== 'gateway').map(([, p]) => p.stop()));
    procs.clear();
  };
  try {
    // auth first: the others fetch its JWKS; then the rest side by side, then the gateway.
    if (services.includes('auth')) await startService('auth');
    await Promise.all(services.filter((s) => s !== 'auth').map(startService));
    const gatewayEnv: Record<string, string> = {
      ...common,
      GATEWAY_PORT: String(o.gatewayPort),
      GATEWAY_HOST: '127.0.0.1',
      AUTH_JWKS_URL: `http://127.0.0.1:${port('auth')}/auth/.well-known/jwks.json`,
      FRONTEND_DIST: path.join(o.root, 'frontend', 'dist'),
    };
    for (const s of Object.keys(SERVICES) as ServiceName[]) gatewayEnv[`${s.toUpperCase()}_URL`] = `http://127.0.0.1:${port(s)}`;
    procs.set(
      'gateway',
      await startProcess({
        name: 'gateway',
        cwd: path.join(o.root, 'gateway'),
        command: process.execPath,
        args: ['--import', 'tsx', 'src/main.ts'],
        env: gatewayEnv,
        readyUrl: `http://127.0.0.1:${o.gatewayPort}/health`,
        echo: o.echo,
      }),
    );
  } catch (err) {
    await stopAll(); // leave nothing half-started behind
    throw err;
  }

  return {
    gatewayUrl: `http://127.0.0.1:${o.gatewayPort}`,
    servicePort: port,
    services,
    async kill(name) {
      const p = procs.get(name);
      if (!p) return;
      try {
        process.kill(-p.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      await p.exited;
      procs.delete(name);
    },
    start: startService,
    stop: stopAll,
  };
}
