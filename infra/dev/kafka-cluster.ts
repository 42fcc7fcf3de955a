// A three-broker KRaft cluster on this machine, as a chain would run Kafka: `KAFKA_BROKERS_COUNT=3 npm start`, and the
// chaos harness (infra/chaos/) on ports of its own. Each node is one kafka.Kafka process in combined mode (broker and
// controller), the three form the controller quorum (static voters), and topics get replication factor 3 with
// min.insync.replicas=2: an acks=all write is on two brokers before it is acknowledged, so one broker may die without
// losing it. Each node can be killed and started again on its own (the chaos harness's broker faults).
import '@akhada/kit/quiet-warnings';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel } from 'kafkajs';
import {
  ensureKafkaJars,
  formatKafkaStorage,
  javaPath,
  kafkaJavaArgs,
  kafkaPaths,
  kafkaStorageFormatted,
  newKafkaClusterId,
  writeKafkaConfig,
  type KafkaNodeConfig,
  type KafkaPaths,
} from './kafka-files.ts';
import { acquireLock, readPid, removeFile, writePid } from './pid-file.ts';
import { isProcessAlive, processCommandLine } from './process-signals.ts';
import { isPortFree } from './ports.ts';
import { tail } from './run-command.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

/** `KAFKA_BROKERS_COUNT=3 npm start` uses 19192, 19292, 19392 (controllers one above each); the single broker keeps 19092. */
export const CLUSTER_BASE_PORT = 19192;
/** Each broker's heap: three JVMs on a small machine (a broker with the product's traffic uses ~150 MiB). */
const HEAP = ['-Xms128m', '-Xmx384m'];
const READY_TIMEOUT_MS = 120_000;

export interface KafkaClusterNode {
  nodeId: number;
  /** host:port of its client listener. */
  broker: string;
  /** Its process id while it runs. */
  pid(): number | undefined;
  /** Sends it a signal (SIGKILL: a crash; SIGSTOP/SIGCONT: a pause); after a SIGKILL it stays down until start(). */
  signal(signal: NodeJS.Signals): void;
  /** Starts it again (same storage, same id) when it is not running, and waits until the cluster sees it. */
  start(): Promise<void>;
}

export interface KafkaCluster {
  brokers: string[];
  nodes: KafkaClusterNode[];
  startedByUs: boolean;
  /** Stops every node (SIGTERM, then SIGKILL after 20 s) when this call started the cluster. */
  stop(): Promise<void>;
}

const nodeConfigs = (count: number, basePort: number): KafkaNodeConfig[] => {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const port = (id: number) => basePort + 100 * (id - 1);
  const voters = ids.map((id) => `${id}@127.0.0.1:${port(id) + 1}`).join(',');
  const rf = Math.min(3, count);
  return ids.map((id) => ({
    nodeId: id,
    port: port(id),
    controllerPort: port(id) + 1,
    voters,
    replicationFactor: rf,
    minInsyncReplicas: rf >= 3 ? 2 : 1,
  }));
};

/** How many brokers the cluster at `brokers` has registered now (0 when it does not answer). */
export async function registeredBrokers(brokers: string[], timeoutMs = 4_000): Promise<number> {
  const admin = new Kafka({
    clientId: 'akhada-infra-probe',
    brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1_000,
    requestTimeout: timeoutMs,
    retry: { retries: 0 },
  }).admin({ retry: { retries: 0 } });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(0), timeoutMs)));
  const attempt = (async () => {
    try {
      await admin.connect();
      return (await admin.describeCluster()).brokers.length;
    } catch {
      return 0;
    }
  })();
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
    await admin.disconnect().catch(() => {});
  }
}

/**
 * Starts (or reuses, when it already answers with every broker) a KRaft cluster of `count` nodes, node k on
 * basePort + 100·(k−1) with its controller one above, its files in `.data/kafka-cluster-<basePort>/node-<k>`. Left
 * running when the caller does not stop() it (like the single broker), found again by its pid files.
 */
export async function ensureKafkaCluster({
  root,
  count = 3,
  basePort = CLUSTER_BASE_PORT,
}: {
  root: string;
  count?: number;
  basePort?: number;
}): Promise<KafkaCluster> {
  if (!Number.isInteger(count) || count < 1 || count > 5) throw new Error(`a local Kafka cluster has 1 to 5 brokers (asked for ${count})`);
  const configs = nodeConfigs(count, basePort);
  const brokers = configs.map((c) => `127.0.0.1:${c.port}`);
  const dir = `kafka-cluster-${basePort}`;
  const paths = configs.map((c) => kafkaPaths(root, `${dir}/node-${c.nodeId}`));
  const lockPaths = kafkaPaths(root, dir);
  mkdirSync(lockPaths.dir, { recursive: true });

  const spawnNode = (i: number): number => {
    const p = paths[i]!;
    const out = openSync(p.stdoutLog, 'a');
    const child = spawn(javaPath(), [...HEAP, ...kafkaJavaArgs(p), 'kafka.Kafka', p.serverProperties], { detached: true, stdio: ['ignore', out, out] });
    closeSync(out);
    if (child.pid === undefined) throw new Error(`could not spawn java for Kafka node ${configs[i]!.nodeId}`);
    child.on('error', (err) => console.error(`[infra] Kafka node ${configs[i]!.nodeId}: ${err.message}`));
    child.unref();
    writePid(p.pidFile, child.pid);
    return child.pid;
  };
  const livePid = (i: number): number | undefined => {
    const pid = readPid(paths[i]!.pidFile);
    return pid !== undefined && isProcessAlive(pid) && processCommandLine(pid).includes('kafka.Kafka') ? pid : undefined;
  };
  /** Until `via` (every broker, or one node's own) answers with `want` brokers registered. */
  const waitFor = async (want: number, what: string, via = brokers) => {
    const started = Date.now();
    for (;;) {
      if ((await registeredBrokers(via)) >= want) return;
      if (Date.now() - started > READY_TIMEOUT_MS) {
        const logs = paths.map((p) => (existsSync(p.serverLog) ? `--- ${p.serverLog} ---\n${tail(readFileSync(p.serverLog, 'utf8'), 15)}` : '')).join('\n');
        throw new Error(`${what}: the cluster on ${brokers.join(',')} did not show ${want} brokers within ${READY_TIMEOUT_MS / 1000} s\n${logs}`);
      }
      await sleep(500);
    }
  };

  const release = await acquireLock(lockPaths.lockFile, { what: 'Kafka cluster start lock' });
  let startedByUs = false;
  try {
    if ((await registeredBrokers(brokers)) < count) {
      await ensureKafkaJars(root, paths[0]!);
      const formatted = paths.filter(kafkaStorageFormatted).length;
      if (formatted > 0 && formatted < count) {
        throw new Error(`only ${formatted} of ${count} nodes in .data/${dir} are formatted: delete .data/${dir} to start the cluster afresh`);
      }
      const clusterId = formatted === 0 ? await newKafkaClusterId(paths[0]!) : undefined;
      for (const [i, c] of configs.entries()) {
        if (livePid(i) !== undefined) continue;
        for (const port of [c.port, c.controllerPort])
          if (!(await isPortFree(port))) throw new Error(`port 127.0.0.1:${port} (Kafka node ${c.nodeId}) is taken by something else`);
        writeKafkaConfig(paths[i]!, c);
        await formatKafkaStorage(paths[i]!, clusterId);
      }
      const t0 = Date.now();
      const spawned = configs.flatMap((c, i) => (livePid(i) === undefined ? [`${c.nodeId}: pid ${spawnNode(i)}`] : []));
      console.error(`[infra] starting a ${count}-broker Kafka cluster on ${brokers.join(',')} (${spawned.join(', ')}; files in .data/${dir})`);
      startedByUs = true;
      await waitFor(count, 'start');
      console.error(`[infra] Kafka cluster ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    release();
  }

  const signalNode = (i: number, signal: NodeJS.Signals) => {
    const pid = livePid(i);
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
  };
  const stopNode = async (i: number) => {
    const pid = livePid(i);
    if (pid === undefined) return;
    signalNode(i, 'SIGCONT');
    signalNode(i, 'SIGTERM');
    const deadline = Date.now() + 20_000;
    while (isProcessAlive(pid) && Date.now() < deadline) await sleep(200);
    if (isProcessAlive(pid)) signalNode(i, 'SIGKILL');
    removeFile(paths[i]!.pidFile);
  };

  return {
    brokers,
    startedByUs,
    nodes: configs.map((c, i) => ({
      nodeId: c.nodeId,
      broker: brokers[i]!,
      pid: () => livePid(i),
      signal: (signal) => signalNode(i, signal),
      async start() {
        if (livePid(i) === undefined) spawnNode(i);
        else signalNode(i, 'SIGCONT');
        await waitFor(count, `node ${c.nodeId}`, [brokers[i]!]);
      },
    })),
    async stop() {
      if (!startedByUs) return;
      console.error(`[infra] stopping the Kafka cluster on ${brokers.join(',')}`);
      await Promise.all(configs.map((_, i) => stopNode(i)));
    },
  };
}

export type { KafkaPaths };
