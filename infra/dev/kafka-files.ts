// Everything on disk the local Kafka broker needs: the jars (Maven Central), server.properties, log4j.properties and
// formatted KRaft storage.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findOnPath, runCommand } from './run-command.ts';

export const KAFKA_VERSION = '3.9.1';
export const KAFKA_PORT = 19092;
export const KAFKA_CONTROLLER_PORT = 19093;

export interface KafkaPaths {
  libs: string;
  dir: string;
  dataDir: string;
  logsDir: string;
  serverProperties: string;
  log4jProperties: string;
  pidFile: string;
  lockFile: string;
  stdoutLog: string;
  serverLog: string;
}

/** The files of one broker: `.data/kafka` for the single broker, e.g. `.data/kafka-cluster-29192/node-2` for a cluster's. */
export function kafkaPaths(root: string, dirUnderData = 'kafka'): KafkaPaths {
  const dir = path.join(root, '.data', dirUnderData);
  const logsDir = path.join(dir, 'logs');
  return {
    libs: path.join(root, '.cache', 'kafka-libs'),
    dir,
    dataDir: path.join(dir, 'data'),
    logsDir,
    serverProperties: path.join(dir, 'server.properties'),
    log4jProperties: path.join(dir, 'log4j.properties'),
    pidFile: path.join(dir, 'kafka.pid'),
    lockFile: path.join(dir, 'start.lock'),
    stdoutLog: path.join(logsDir, 'stdout.log'),
    serverLog: path.join(logsDir, 'server.log'),
  };
}

const MISSING_TOOLS = 'Install Java 17 and Maven, or set KAFKA_BROKERS';

export function javaPath(): string {
  const java = findOnPath('java');
  if (!java) throw new Error(`java is not on PATH. ${MISSING_TOOLS}`);
  return java;
}

/** Downloads the broker jars into <root>/.cache/kafka-libs unless they are there already. */
export async function ensureKafkaJars(root: string, paths: KafkaPaths): Promise<void> {
  if (existsSync(path.join(paths.libs, `kafka_2.13-${KAFKA_VERSION}.jar`))) return;
  javaPath();
  const mvn = findOnPath('mvn');
  if (!mvn) throw new Error(`mvn is not on PATH (needed once to fetch the Kafka ${KAFKA_VERSION} jars). ${MISSING_TOOLS}`);
  console.error(`[infra] fetching Kafka ${KAFKA_VERSION} jars from Maven Central into ${paths.libs}`);
  mkdirSync(paths.libs, { recursive: true });
  await runCommand(
    mvn,
    [
      '-q',
      '-B',
      '-f',
      path.join(root, 'infra', 'kafka', 'pom.xml'),
      'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies',
      '-DincludeScope=runtime',
      `-DoutputDirectory=${paths.libs}`,
    ],
    { cwd: root, timeoutMs: 15 * 60_000 },
  );
  if (!existsSync(path.join(paths.libs, `kafka_2.13-${KAFKA_VERSION}.jar`))) {
    throw new Error(`Maven finished but ${paths.libs}/kafka_2.13-${KAFKA_VERSION}.jar is missing: check infra/kafka/pom.xml`);
  }
}

/**
 * One node of a KRaft quorum in combined mode (broker and controller in one process). The single local broker is node 1
 * of a quorum of one on 19092/19093; a cluster's nodes share the voters list and the replication settings.
 */
export interface KafkaNodeConfig {
  nodeId: number;
  port: number;
  controllerPort: number;
  /** Every voter of the quorum: `id@127.0.0.1:controllerPort`, comma-separated. */
  voters: string;
  /** How many brokers hold each partition (topics created without a replication factor take it) and internal topics. */
  replicationFactor: number;
  /** The fewest in-sync replicas an acks=all write needs (2 of 3 in a cluster: one broker may die, nothing is lost). */
  minInsyncReplicas: number;
}

export const SINGLE_NODE: KafkaNodeConfig = {
  nodeId: 1,
  port: KAFKA_PORT,
  controllerPort: KAFKA_CONTROLLER_PORT,
  voters: `1@127.0.0.1:${KAFKA_CONTROLLER_PORT}`,
  replicationFactor: 1,
  minInsyncReplicas: 1,
};

/** Writes server.properties (KRaft combined mode; one node unless told) and log4j.properties; rewritten on every start. */
export function writeKafkaConfig(paths: KafkaPaths, node: KafkaNodeConfig = SINGLE_NODE): void {
  mkdirSync(paths.dataDir, { recursive: true });
  mkdirSync(paths.logsDir, { recursive: true });
  const rf = String(node.replicationFactor);
  const server = {
    'process.roles': 'broker,controller',
    'node.id': String(node.nodeId),
    'controller.quorum.voters': node.voters,
    listeners: `PLAINTEXT://127.0.0.1:${node.port},CONTROLLER://127.0.0.1:${node.controllerPort}`,
    // 127.0.0.1, not localhost: Node may try ::1 first.
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${node.port}`,
    'listener.security.protocol.map': 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'log.dirs': paths.dataDir,
    'num.partitions': '1',
    // Topics are created without a replication factor (the kit's ensureTopicsOn): they take this one.
    'default.replication.factor': rf,
    'min.insync.replicas': String(node.minInsyncReplicas),
    // Internal topics never ask for more replicas than there are brokers.
    'offsets.topic.replication.factor': rf,
    // The default 50 partitions make the first consumer-group join slow.
    'offsets.topic.num.partitions': '1',
    'transaction.state.log.replication.factor': rf,
    'transaction.state.log.min.isr': String(node.minInsyncReplicas),
    // A replica that fell behind never becomes leader: an acknowledged write is never thrown away (the default, said).
    'unclean.leader.election.enable': 'false',
    'group.initial.rebalance.delay.ms': '0',
    // Topics are created explicitly (ensureTopics), never by a producer's typo.
    'auto.create.topics.enable': 'false',
  };
  writeFileSync(paths.serverProperties, toProperties(server, 'Local single-node Kafka for Akhada (written by infra/dev/kafka-files.ts)'));

  const pattern = '[%d] %p %m (%c)%n';
  const log4j = {
    'log4j.rootLogger': 'INFO, file, stdout',
    'log4j.appender.stdout': 'org.apache.log4j.ConsoleAppender',
    'log4j.appender.stdout.Threshold': 'WARN',
    'log4j.appender.stdout.layout': 'org.apache.log4j.PatternLayout',
    'log4j.appender.stdout.layout.ConversionPattern': pattern,
    'log4j.appender.file': 'org.apache.log4j.RollingFileAppender',
    'log4j.appender.file.File': paths.serverLog,
    'log4j.appender.file.MaxFileSize': '20MB',
    'log4j.appender.file.MaxBackupIndex': '3',
    'log4j.appender.file.layout': 'org.apache.log4j.PatternLayout',
    'log4j.appender.file.layout.ConversionPattern': pattern,
    'log4j.logger.kafka.request.logger': 'WARN',
    'log4j.logger.state.change.logger': 'WARN',
    'log4j.logger.kafka.log.LogCleaner': 'WARN',
  };
  writeFileSync(paths.log4jProperties, toProperties(log4j, 'Kafka broker logging (written by infra/dev/kafka-files.ts)'));
}

export function kafkaJavaArgs(paths: KafkaPaths): string[] {
  return [`-Dlog4j.configuration=file:${paths.log4jProperties}`, '-Djava.awt.headless=true', '-cp', path.join(paths.libs, '*')];
}

/** A new KRaft cluster id (kafka.tools.StorageTool random-uuid). */
export async function newKafkaClusterId(paths: KafkaPaths): Promise<string> {
  const base = ['-Xmx256m', ...kafkaJavaArgs(paths), 'kafka.tools.StorageTool'];
  const { stdout } = await runCommand(javaPath(), [...base, 'random-uuid'], { timeoutMs: 60_000 });
  const clusterId = stdout
    .split('\n')
    .map((l) => l.trim())
    .reverse()
    .find((l) => /^[A-Za-z0-9_-]{22}$/.test(l));
  if (!clusterId) throw new Error(`kafka.tools.StorageTool random-uuid printed no cluster id:\n${stdout}`);
  return clusterId;
}

/** True once the node's storage is formatted (later starts skip the format). */
export const kafkaStorageFormatted = (paths: KafkaPaths): boolean => existsSync(path.join(paths.dataDir, 'meta.properties'));

/**
 * Formats the KRaft storage once (a new cluster id, or the one given: every node of a cluster is formatted with the
 * same); later starts find meta.properties and skip this.
 */
export async function formatKafkaStorage(paths: KafkaPaths, clusterIdGiven?: string): Promise<void> {
  if (kafkaStorageFormatted(paths)) return;
  const java = javaPath();
  const base = ['-Xmx256m', ...kafkaJavaArgs(paths), 'kafka.tools.StorageTool'];
  const clusterId = clusterIdGiven ?? (await newKafkaClusterId(paths));
  console.error(`[infra] formatting Kafka storage in ${paths.dataDir} (cluster ${clusterId})`);
  await runCommand(java, [...base, 'format', '-t', clusterId, '-c', paths.serverProperties, '--ignore-formatted'], { timeoutMs: 60_000 });
}

function toProperties(entries: Record<string, string>, comment: string): string {
  const escape = (v: string) => v.replaceAll('\\', '\\\\');
  return `# ${comment}\n${Object.entries(entries)
    .map(([k, v]) => `${k}=${escape(v)}`)
    .join('\n')}\n`;
}
