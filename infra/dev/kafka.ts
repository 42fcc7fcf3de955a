// Finds a Kafka broker to use (KAFKA_BROKERS, one already on 127.0.0.1:19092, or a local KRaft broker we start from
// the Maven Central jars) and creates topics on it.
import '@akhada/kit/quiet-warnings';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureTopicsOn, type TopicSpec } from '@akhada/kit';
import { Kafka, logLevel } from 'kafkajs';
import {
  KAFKA_CONTROLLER_PORT,
  KAFKA_PORT,
  ensureKafkaJars,
  formatKafkaStorage,
  javaPath,
  kafkaJavaArgs,
  kafkaPaths,
  writeKafkaConfig,
  type KafkaPaths,
} from './kafka-files.ts';
import { ensureKafkaCluster } from './kafka-cluster.ts';
import { acquireLock, readPid, removeFile, writePid } from './pid-file.ts';
import { exitedWithin, isProcessAlive, processCommandLine, signalGroup } from './process-signals.ts';
import { isPortFree, isPortListening } from './ports.ts';
import { tail } from './run-command.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

export interface KafkaHandle {
  brokers: string[];
  startedByUs: boolean;
  /** Stops the broker only when this call started it. */
  stop(): Promise<void>;
}

export type { TopicSpec };

const LOCAL_BROKERS = [`127.0.0.1:${KAFKA_PORT}`];
const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 20_000;

/**
 * Order: env KAFKA_BROKERS (comma-separated); else, with KAFKA_BROKERS_COUNT=3 (2 to 5), a local KRaft cluster of that
 * many brokers on 19192, 19292, … (kafka-cluster.ts: replication factor 3, min.insync.replicas 2); else a broker
 * answering on 127.0.0.1:19092; else a single-node KRaft broker started from <root>/.cache/kafka-libs with its files in
 * <root>/.data/kafka (left running by design when the caller does not call stop()).
 */
export async function ensureKafka({ root }: { root: string }): Promise<KafkaHandle> {
  const notStarted = { startedByUs: false, stop: async () => {} };

  const fromEnv = process.env.KAFKA_BROKERS?.split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  if (fromEnv?.length) {
    await waitForKafka(fromEnv, { timeoutMs: 30_000, what: `KAFKA_BROKERS=${fromEnv.join(',')}` });
    return { brokers: fromEnv, ...notStarted };
  }

  const count = Number(process.env.KAFKA_BROKERS_COUNT || 1);
  if (!Number.isInteger(count) || count < 1 || count > 5) throw new Error(`KAFKA_BROKERS_COUNT must be 1 to 5 (got "${process.env.KAFKA_BROKERS_COUNT}")`);
  if (count > 1) {
    const cluster = await ensureKafkaCluster({ root, count });
    return { brokers: cluster.brokers, startedByUs: cluster.startedByUs, stop: () => cluster.stop() };
  }

  if (await kafkaAnswers(LOCAL_BROKERS)) return { brokers: LOCAL_BROKERS, ...notStarted };

  const paths = kafkaPaths(root);
  mkdirSync(paths.dir, { recursive: true });
  const release = await acquireLock(paths.lockFile, { what: 'Kafka start lock' });
  try {
    // Another process may have started it while we waited for the lock.
    if (await kafkaAnswers(LOCAL_BROKERS)) return { brokers: LOCAL_BROKERS, ...notStarted };

    const previous = readPid(paths.pidFile);
    if (previous !== undefined) {
      if (isProcessAlive(previous) && processCommandLine(previous).includes('kafka.Kafka')) {
        console.error(`[infra] Kafka started earlier (pid ${previous}) does not answer yet; waiting for it`);
        await waitForKafka(LOCAL_BROKERS, { timeoutMs: READY_TIMEOUT_MS, what: `Kafka pid ${previous}`, paths });
        return { brokers: LOCAL_BROKERS, ...notStarted };
      }
      console.error(`[infra] removing stale Kafka pid file (pid ${previous} is gone)`);
      removeFile(paths.pidFile);
    }

    for (const port of [KAFKA_PORT, KAFKA_CONTROLLER_PORT]) {
      if (!(await isPortFree(port))) {
        throw new Error(`port 127.0.0.1:${port} is taken by something that is not a working Kafka broker; free it or set KAFKA_BROKERS`);
      }
    }

    await ensureKafkaJars(root, paths);
    writeKafkaConfig(paths);
    await formatKafkaStorage(paths);
    const child = spawnBroker(paths);
    const started = Date.now();
    try {
      await waitForKafka(LOCAL_BROKERS, { timeoutMs: READY_TIMEOUT_MS, what: `Kafka pid ${child.pid}`, paths, child });
    } catch (err) {
      await stopBroker(child, paths);
      throw err;
    }
    await warmUp(LOCAL_BROKERS).catch((err: unknown) => console.error(`[infra] Kafka warm-up: ${(err as Error).message}`));
    console.error(`[infra] Kafka ready on ${LOCAL_BROKERS.join(',')} in ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${child.pid})`);
    return { brokers: LOCAL_BROKERS, startedByUs: true, stop: () => stopBroker(child, paths) };
  } finally {
    release();
  }
}

/** Creates the missing topics and waits for their leaders (the kit's ensureTopicsOn: one way for infra and services). */
export async function ensureTopics(brokers: string[], topics: TopicSpec[]): Promise<void> {
  const admin = client(brokers, logLevel.NOTHING).admin();
  await admin.connect();
  try {
    await ensureTopicsOn(admin, topics, { log: (line) => console.error(line.replace('[kafka]', '[infra]')) });
  } finally {
    await admin.disconnect();
  }
}

/**
 * A fresh broker creates __consumer_offsets on the first FindCoordinator and hands out producer ids only after a
 * moment: do both once here, quietly, so the services' first consumer join and idempotent producer do not log errors.
 */
async function warmUp(brokers: string[]): Promise<void> {
  const kafka = new Kafka({ clientId: 'akhada-infra-warmup', brokers, logLevel: logLevel.NOTHING, retry: { retries: 10, initialRetryTime: 100 } });
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.describeGroups(['akhada-infra-warmup']);
  } finally {
    await admin.disconnect();
  }
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  await producer.disconnect();
}

function client(brokers: string[], level: logLevel): Kafka {
  return new Kafka({
    clientId: 'akhada-infra',
    brokers,
    logLevel: level,
    connectionTimeout: 3_000,
    requestTimeout: 10_000,
    retry: { retries: 5, initialRetryTime: 200 },
  });
}

/** True when describeCluster answers within timeoutMs. Quiet: a broker that is still starting is expected here. */
async function kafkaAnswers(brokers: string[], timeoutMs = 4_000): Promise<boolean> {
  const first = brokers[0]?.split(':');
  // Cheap pre-check for the common "nothing there" case.
  if (brokers.length === 1 && first?.length === 2 && !(await isPortListening(Number(first[1]), first[0], 1_000))) return false;
  const admin = new Kafka({
    clientId: 'akhada-infra-probe',
    brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1_000,
    requestTimeout: timeoutMs,
    retry: { retries: 0 },
  }).admin({ retry: { retries: 0 } });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const attempt = (async () => {
    try {
      await admin.connect();
      const cluster = await admin.describeCluster();
      return cluster.brokers.length > 0;
    } catch {
      return false;
    }
  })();
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
    await admin.disconnect().catch(() => {});
  }
}

async function waitForKafka(
  brokers: string[],
  { timeoutMs, what, paths, child }: { timeoutMs: number; what: string; paths?: KafkaPaths; child?: ChildProcess },
): Promise<void> {
  const started = Date.now();
  let nextProgress = started + 5_000;
  let exited: string | undefined;
  child?.once('exit', (code, signal) => (exited = signal ? `signal ${signal}` : `code ${code}`));
  for (;;) {
    if (await kafkaAnswers(brokers)) return;
    if (!exited && child && (child.exitCode !== null || child.signalCode !== null)) exited = `code ${child.exitCode ?? child.signalCode}`;
    if (exited) throw new Error(`${what} exited with ${exited} before it was ready${paths ? `\n${brokerLogTail(paths)}` : ''}`);
    const elapsed = Date.now() - started;
    if (elapsed > timeoutMs) {
      throw new Error(`${what} did not answer on ${brokers.join(',')} within ${timeoutMs / 1000} s${paths ? `\n${brokerLogTail(paths)}` : ''}`);
    }
    if (Date.now() >= nextProgress) {
      console.error(`[infra] waiting for ${what}… ${Math.round(elapsed / 1000)} s`);
      nextProgress += 5_000;
    }
    await sleep(500);
  }
}

function spawnBroker(paths: KafkaPaths): ChildProcess {
  const out = openSync(paths.stdoutLog, 'a');
  console.error(`[infra] starting Kafka on 127.0.0.1:${KAFKA_PORT} (logs ${paths.logsDir})`);
  const child = spawn(javaPath(), ['-Xms256m', '-Xmx768m', ...kafkaJavaArgs(paths), 'kafka.Kafka', paths.serverProperties], {
    detached: true, // own process group: a Ctrl-C aimed at us does not reach it; stop() does
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  if (child.pid === undefined) throw new Error('could not spawn java for Kafka');
  child.on('error', (err) => console.error(`[infra] Kafka process error: ${err.message}`));
  child.unref(); // we may exit and leave the broker running for the next command
  writePid(paths.pidFile, child.pid);
  return child;
}

async function stopBroker(child: ChildProcess, paths: KafkaPaths): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || child.exitCode !== null || child.signalCode !== null) {
    removeFile(paths.pidFile);
    return;
  }
  console.error(`[infra] stopping Kafka (pid ${pid})`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(pid, 'SIGTERM');
  const graceful = await exitedWithin(exited, STOP_GRACE_MS);
  if (!graceful) {
    console.error(`[infra] Kafka did not stop within ${STOP_GRACE_MS / 1000} s; SIGKILL`);
    signalGroup(pid, 'SIGKILL');
    await exitedWithin(exited, 5_000);
  }
  if (readPid(paths.pidFile) === pid) removeFile(paths.pidFile);
}

function brokerLogTail(paths: KafkaPaths): string {
  const parts: string[] = [];
  for (const file of [paths.stdoutLog, paths.serverLog]) {
    if (!existsSync(file)) continue;
    parts.push(`--- ${file} (tail) ---\n${tail(readFileSync(file, 'utf8'), 25)}`);
  }
  return parts.join('\n');
}
