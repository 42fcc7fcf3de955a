// Faults and fault schedules, each from a seed so a failure can be replayed. A fault hits a real process of the running
// stack: SIGKILL (the supervisor starts it again, as an orchestrator would), SIGSTOP/SIGCONT (a pause: a long GC, a
// frozen VM), the outbox relay leader of a service killed, a Kafka broker (the leader of a partition) killed and
// started again, or paused, PostgreSQL restarted (fast shutdown: every connection cut).
import type { ServiceName } from '@akhada/contracts';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import type { KafkaClusterNode } from '../dev/kafka-cluster.ts';
import { rngOf, type Rng } from './rng.ts';

export interface ChaosInstance {
  index: number;
  pid?: number;
  opsPort: number;
}

/** What the faults reach: the stack's processes (npm run chaos: the stack itself; the system test: its control endpoint). */
export interface ChaosTarget {
  instances(service: ServiceName): Promise<ChaosInstance[]>;
  gatewayPid(): Promise<number | undefined>;
  gatewayOpsUrl: string;
  databaseUrl: string;
  brokers: string[];
  /** The cluster's nodes when the harness started the brokers itself (broker faults need them). */
  kafkaNodes?: KafkaClusterNode[];
  /** The topic namespace of the stack ('' or e.g. 'e2e'). */
  namespace: string;
  /** The PostgreSQL server when the harness runs its own (restart faults need it). */
  postgres?: { restart(): Promise<void> };
}

export type Fault =
  | { kind: 'kill'; who: ServiceName | 'gateway'; index: number }
  | { kind: 'pause'; who: ServiceName | 'gateway'; index: number; seconds: number }
  | { kind: 'kill-relay-leader'; service: ServiceName }
  | { kind: 'kill-broker'; leaderOf: ServiceName; seconds: number }
  | { kind: 'pause-broker'; leaderOf: ServiceName; seconds: number }
  | { kind: 'restart-postgres' };

export interface TimedFault {
  /** ms after the workload starts. */
  at: number;
  fault: Fault;
}

export interface Schedule {
  name: string;
  seed: string;
  faults: TimedFault[];
}

export const describeFault = (f: Fault): string => {
  switch (f.kind) {
    case 'kill':
      return `kill -9 ${f.who}${f.index ? `#${f.index + 1}` : ''}`;
    case 'pause':
      return `stop ${f.who}${f.index ? `#${f.index + 1}` : ''} ${f.seconds}s`;
    case 'kill-relay-leader':
      return `kill -9 ${f.service} relay leader`;
    case 'kill-broker':
      return `kill -9 broker(${f.leaderOf} p0 leader) ${f.seconds}s`;
    case 'pause-broker':
      return `stop broker(${f.leaderOf} p0 leader) ${f.seconds}s`;
    case 'restart-postgres':
      return 'restart postgres (fast)';
  }
};

/** The write paths the workload uses, and what they touch. */
const WRITERS: ServiceName[] = ['members', 'attendance', 'payments'];
const READERS: ServiceName[] = ['dashboard', 'notifications'];

/**
 * The kinds of schedule, in order: schedule k is built around kind k mod their number, with its times, durations and
 * targets drawn from its seed (and now and then a second fault). Broker faults only when the harness runs the brokers.
 * Schedules from ROTATION_LENGTH on are PostgreSQL restarts when the harness runs its own server (kept out of the
 * rotation so an earlier seed's schedule k is still the same faults: the regression seeds stay replayable).
 */
export const ROTATION_LENGTH = 20;

/**
 * The schedules whose runs found a fault, replayed after every run's own (their faults; the workload is the run's):
 * the seed and schedule that found it, and what was wrong until its fix.
 */
export const REGRESSIONS: { seed: string; k: number; found: string }[] = [
  { seed: '20261129-c31', k: 8, found: "a broker killed mid-send left members' idempotent producer refusing every send (out of order sequence number)" },
  { seed: '20261129-c31', k: 18, found: "kafkajs 2.2.4's retry skipped partitions whose leader had moved: 5 acknowledged payments events never reached Kafka" },
  { seed: '20261129-c32', k: 18, found: "consumers whose group coordinator's broker died slept in kafkajs's backoff: read models stale 15 s after the heal" },
];

/** The regression schedules, named `r:<seed>-<k>:<kind>`. */
export const regressionSchedules = (o: { brokers: boolean; attendanceInstances: number }): Schedule[] =>
  REGRESSIONS.flatMap((r) => buildSchedules({ seed: r.seed, count: r.k + 1, only: [r.k], ...o }).map((s) => ({ ...s, name: `r:${r.seed}-${s.name}` })));

export function buildSchedules({
  seed,
  count,
  brokers,
  attendanceInstances,
  postgres = false,
  only,
}: {
  seed: string;
  count: number;
  brokers: boolean;
  attendanceInstances: number;
  postgres?: boolean;
  only?: number[];
}): Schedule[] {
  const kinds = [
    'kill-writer',
    'pause-writer',
    'kill-reader',
    'pause-reader',
    'kill-gateway',
    'pause-gateway',
    ...(attendanceInstances > 1 ? ['kill-attendance-instance'] : []),
    'kill-relay-leader',
    ...(brokers ? ['kill-broker', 'pause-broker'] : []),
  ] as const;
  const schedules: Schedule[] = [];
  for (let k = 0; k < count; k++) {
    if (only && !only.includes(k)) continue;
    const s = `${seed}-${k}`;
    const rng = rngOf(s);
    const kind = postgres && k >= ROTATION_LENGTH ? 'restart-postgres' : kinds[k % kinds.length]!;
    const faults: TimedFault[] = [main(kind, rng, attendanceInstances)];
    if (rng.next() < 0.35) faults.push(main(rng.pick(kinds.filter((x) => !x.includes('broker') && !x.includes('gateway'))), rng, attendanceInstances));
    schedules.push({ name: `${k}:${kind}`, seed: s, faults });
  }
  return schedules;
}

function main(kind: string, rng: Rng, attendanceInstances: number): TimedFault {
  const at = rng.between(1_000, 6_000);
  const seconds = rng.between(2, 8);
  const fault = ((): Fault => {
    switch (kind) {
      case 'kill-writer':
        return { kind: 'kill', who: rng.pick(WRITERS), index: 0 };
      case 'pause-writer':
        return { kind: 'pause', who: rng.pick(WRITERS), index: 0, seconds };
      case 'kill-reader':
        return { kind: 'kill', who: rng.pick(READERS), index: 0 };
      case 'pause-reader':
        return { kind: 'pause', who: rng.pick(READERS), index: 0, seconds };
      case 'kill-gateway':
        return { kind: 'kill', who: 'gateway', index: 0 };
      case 'pause-gateway':
        return { kind: 'pause', who: 'gateway', index: 0, seconds: Math.min(seconds, 5) };
      case 'kill-attendance-instance':
        return { kind: 'kill', who: 'attendance', index: rng.int(attendanceInstances) };
      case 'kill-relay-leader':
        return { kind: 'kill-relay-leader', service: rng.pick(WRITERS) };
      case 'kill-broker':
        return { kind: 'kill-broker', leaderOf: rng.pick(WRITERS), seconds };
      case 'pause-broker':
        return { kind: 'pause-broker', leaderOf: rng.pick(WRITERS), seconds: Math.min(seconds, 5) };
      case 'restart-postgres':
        return { kind: 'restart-postgres' };
      default:
        throw new Error(`unknown schedule kind ${kind}`);
    }
  })();
  return { at, fault };
}

/** How long a fault lasts from its start (a kill: until the supervisor has it back, counted as a few seconds). */
export const faultSeconds = (f: Fault): number => ('seconds' in f ? f.seconds : 3);

const signal = (pid: number | undefined, sig: NodeJS.Signals): boolean => {
  if (pid === undefined) return false;
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
};

async function pidOf(target: ChaosTarget, who: ServiceName | 'gateway', index: number): Promise<number | undefined> {
  if (who === 'gateway') return target.gatewayPid();
  return (await target.instances(who)).find((i) => i.index === index)?.pid;
}

/** The process (of `candidates`) holding a TCP connection whose local port is `port`. */
function pidWithLocalPort(port: number, candidates: number[]): number | undefined {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      if (Number.parseInt(cols[1]!.split(':')[1]!, 16) === port) inodes.add(cols[9]!);
    }
  }
  for (const pid of candidates) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' });
        const m = /^socket:\[(\d+)\]$/.exec(link);
        if (m && inodes.has(m[1]!)) return pid;
      }
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** The instance whose outbox relay holds the leader lock (its connection is the one LISTENing on the outbox channel). */
export async function relayLeaderPid(target: ChaosTarget, service: ServiceName): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ client_port: number }>(
      `select a.client_port from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and a.datname = current_database() and a.application_name = $1 and a.client_port > 0`,
      [service],
    );
    const pids = (await target.instances(service)).flatMap((i) => (i.pid ? [i.pid] : []));
    for (const r of rows) {
      const pid = pidWithLocalPort(r.client_port, pids);
      if (pid) return pid;
    }
    return undefined;
  } finally {
    await client.end();
  }
}

/** The cluster node leading partition 0 of a service's topic. */
async function leaderNode(target: ChaosTarget, service: ServiceName): Promise<KafkaClusterNode | undefined> {
  const admin = new Kafka({ clientId: 'akhada-chaos', brokers: target.brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topic = `${target.namespace ? `${target.namespace}.` : ''}akhada.${service}.events`;
    const md = await admin.fetchTopicMetadata({ topics: [topic] });
    const leader = md.topics[0]?.partitions.find((p) => p.partitionId === 0)?.leader;
    return target.kafkaNodes?.find((n) => n.nodeId === leader);
  } finally {
    await admin.disconnect();
  }
}

/** Applies one fault and resolves when it has ended on our side (a pause resumed, a broker started again). */
export async function applyFault(target: ChaosTarget, f: Fault, log: (line: string) => void): Promise<void> {
  switch (f.kind) {
    case 'kill': {
      const pid = await pidOf(target, f.who, f.index);
      log(`[chaos] ${describeFault(f)} (pid ${pid ?? 'none'})${signal(pid, 'SIGKILL') ? '' : ': no process'}`);
      return;
    }
    case 'pause': {
      const pid = await pidOf(target, f.who, f.index);
      log(`[chaos] ${describeFault(f)} (pid ${pid ?? 'none'})`);
      if (!signal(pid, 'SIGSTOP')) return;
      await sleep(f.seconds * 1000);
      signal(pid, 'SIGCONT');
      return;
    }
    case 'kill-relay-leader': {
      const pid = await relayLeaderPid(target, f.service);
      log(`[chaos] ${describeFault(f)} (pid ${pid ?? 'not found'})`);
      signal(pid, 'SIGKILL');
      return;
    }
    case 'kill-broker':
    case 'pause-broker': {
      const node = await leaderNode(target, f.leaderOf);
      if (!node) {
        log(`[chaos] ${describeFault(f)}: no broker node to hit (not a cluster the harness started)`);
        return;
      }
      log(`[chaos] ${describeFault(f)} (node ${node.nodeId}, pid ${node.pid() ?? 'none'})`);
      node.signal(f.kind === 'kill-broker' ? 'SIGKILL' : 'SIGSTOP');
      await sleep(f.seconds * 1000);
      if (f.kind === 'pause-broker') node.signal('SIGCONT');
      else await node.start();
      return;
    }
    case 'restart-postgres': {
      if (!target.postgres) {
        log(`[chaos] ${describeFault(f)}: not a server the harness started`);
        return;
      }
      const t0 = Date.now();
      await target.postgres.restart();
      log(`[chaos] ${describeFault(f)}: answering again after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      return;
    }
  }
}

/** Until every process is running and ready again (the supervisor restarts the killed ones), up to `timeoutMs`. */
export async function waitHealed(target: ChaosTarget, services: ServiceName[], timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const ready = async (url: string) => {
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await r.body?.cancel();
      return r.ok;
    } catch {
      return false;
    }
  };
  for (;;) {
    const waiting: string[] = [];
    if (!(await ready(`${target.gatewayOpsUrl}/ready`))) waiting.push('gateway');
    for (const s of services)
      for (const i of await target.instances(s)) if (!(await ready(`http://127.0.0.1:${i.opsPort}/ready`))) waiting.push(`${s}#${i.index + 1}`);
    if (waiting.length === 0) return;
    if (Date.now() > deadline) throw new Error(`not healed after ${timeoutMs / 1000} s: ${waiting.join(', ')}`);
    await sleep(500);
  }
}
