// The stack every bench runs against: a fresh database of its own, the product's processes on the bench ports at the
// production log level (NODE_ENV=production, LOG_LEVEL=info), the throttles lifted (the load comes from one address),
// its own topic namespace, and with `cpuProf` every process under `node --cpu-prof` writing into `profileDir`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { provision } from '../dev/provision.ts';
import { startStack, type StackOptions } from '../dev/stack.ts';

export interface BenchStackOptions {
  root: string;
  /** The bench's name: its CPU profiles go to infra/bench/results/<name>-cpu-<time>/. */
  name: string;
  database: string;
  smtp: { smtpPort: number; httpPort: number };
  portOffset: number;
  gatewayPort: number;
  /** Topic namespace (the bench's topics never mix with development's). */
  namespace: string;
  cpuProf?: boolean;
  /** Instances per service (e.g. { attendance: 2 }). */
  instances?: StackOptions['instances'];
  /** The WhatsApp Cloud API stand-in on this port (in the bench process), notifications sending to it and its webhook pointed at the gateway. */
  whatsapp?: { port: number };
}

export async function startBenchStack(o: BenchStackOptions) {
  process.env.AKHADA_TOPIC_NAMESPACE = o.namespace;
  const profileDir = path.join(o.root, 'infra', 'bench', 'results', `${o.name}-cpu-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  if (o.cpuProf) mkdirSync(profileDir, { recursive: true });
  const infra = await provision({ root: o.root, database: o.database, fresh: true, smtp: o.smtp, ...(o.whatsapp && { whatsapp: o.whatsapp }) });
  const stack = await startStack({
    root: o.root,
    databaseUrl: infra.databaseUrl,
    brokers: infra.brokers,
    portOffset: o.portOffset,
    gatewayPort: o.gatewayPort,
    smtpPort: o.smtp.smtpPort,
    appUrl: `http://localhost:${o.gatewayPort}`,
    logLevel: 'info',
    env: {
      NODE_ENV: 'production',
      AKHADA_TOPIC_NAMESPACE: o.namespace,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...(o.cpuProf && { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`.trim() }),
    },
    ...(o.instances && { instances: o.instances }),
    ...(o.whatsapp && { whatsappPort: o.whatsapp.port }),
    echo: false,
  }).catch(async (err: unknown) => {
    await infra.stop();
    throw err;
  });
  return { infra, stack, profileDir };
}
