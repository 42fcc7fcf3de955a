// `npm run chaos`: the product under faults. Its own PostgreSQL server (port 54339, .data/pg-chaos; database akhada_chaos,
// fresh) unless CHAOS_OWN_PG=0 (then the machine's, and no restarts of it), its own Kafka cluster
// (three brokers on 29192/29292/29392 unless CHAOS_BROKERS=1: replication factor 3, min.insync.replicas 2), its own
// stack on ports 12000 above the usual (gateway 26080; below the ephemeral range), two attendance instances; then each schedule (fresh gyms, the
// workload, the faults, the checker) and the table. Exits non-zero on any loss, duplicate, refused write seen, or read
// model that did not converge within 10 s.
//
//   CHAOS_SEED=<seed>        the run's seed (printed first; default: today's date and a random suffix)
//   CHAOS_SCHEDULES=<n>      how many schedules (default 22: the rotation of 20, then PostgreSQL restarts)
//   CHAOS_ONLY=3,7           only these schedules of the seed (replay)
//   CHAOS_BROKERS=1|3        the cluster's size (default 3)
//   CHAOS_KEEP=1             leave the Kafka cluster and the PostgreSQL server running afterwards (the next run starts faster)
//   CHAOS_OWN_PG=0           use the machine's PostgreSQL (no restart faults)
//   CHAOS_REGRESSIONS=0      skip the schedules that found faults before (faults.ts REGRESSIONS), replayed after a full run's own
import { topicSpecs } from '@akhada/contracts';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureKafkaCluster } from '../dev/kafka-cluster.ts';
import { ensureTopics } from '../dev/kafka.ts';
import { ensureDatabase, ensurePostgres, startOwnPostgres } from '../dev/postgres.ts';
import { onShutdown } from '../dev/processes.ts';
import { startStack } from '../dev/stack.ts';
import { startSmtpSink } from '../standins/index.ts';
import { buildSchedules, describeFault, regressionSchedules, ROTATION_LENGTH, type ChaosTarget } from './faults.ts';
import { rowFailed, runSchedule, table, type ScheduleRow } from './run.ts';

const PORT_OFFSET = 12_000;
const GATEWAY_PORT = 26_080;
const KAFKA_BASE_PORT = 29_192;
const CHAOS_PG_PORT = 54_339;

export async function main(root: string): Promise<void> {
  const seed = process.env.CHAOS_SEED?.trim() || `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(2).toString('hex')}`;
  const ownPg = process.env.CHAOS_OWN_PG !== '0';
  const count = Number(process.env.CHAOS_SCHEDULES ?? (ownPg ? ROTATION_LENGTH + 2 : ROTATION_LENGTH));
  const only = process.env.CHAOS_ONLY?.split(',').map(Number);
  const brokerCount = Number(process.env.CHAOS_BROKERS ?? 3);
  console.error(`[chaos] seed ${seed} (replay: CHAOS_SEED=${seed} npm run chaos; one schedule: CHAOS_ONLY=<k>)`);
  // The stack runs without a topic namespace on a cluster of its own.
  delete process.env.AKHADA_TOPIC_NAMESPACE;

  const ownServer = ownPg ? await startOwnPostgres({ root, dir: 'pg-chaos', port: CHAOS_PG_PORT }) : undefined;
  const pgHandle = ownServer ?? (await ensurePostgres({ root }));
  const databaseUrl = await ensureDatabase(pgHandle.url, 'akhada_chaos', { fresh: true });
  const cluster = await ensureKafkaCluster({ root, count: brokerCount, basePort: KAFKA_BASE_PORT });
  await ensureTopics(cluster.brokers, topicSpecs());
  const smtp = await startSmtpSink({ smtpPort: PORT_OFFSET + 2525, httpPort: PORT_OFFSET + 8025 });
  const stack = await startStack({
    root,
    databaseUrl,
    brokers: cluster.brokers,
    portOffset: PORT_OFFSET,
    gatewayPort: GATEWAY_PORT,
    smtpPort: PORT_OFFSET + 2525,
    appUrl: `http://127.0.0.1:${GATEWAY_PORT}`,
    logLevel: 'warn',
    echo: process.env.CHAOS_ECHO === '1',
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_PER_MINUTE: '100000' },
    instances: { attendance: 2 },
  });
  const stopAll = async () => {
    await stack.stop();
    await smtp.stop();
    if (process.env.CHAOS_KEEP !== '1') {
      await cluster.stop();
      await pgHandle.stop();
    }
  };
  onShutdown(stopAll);

  const target: ChaosTarget = {
    instances: async (s) => stack.instances(s).map((i) => ({ index: i.index, opsPort: i.opsPort, ...(i.pid ? { pid: i.pid } : {}) })),
    gatewayPid: async () => stack.gatewayPid(),
    gatewayOpsUrl: stack.gatewayOpsUrl,
    databaseUrl,
    brokers: cluster.brokers,
    kafkaNodes: cluster.nodes,
    namespace: '',
    ...(ownServer && { postgres: ownServer }),
  };
  const schedules = [
    ...buildSchedules({ seed, count, brokers: brokerCount >= 3, attendanceInstances: 2, postgres: ownPg, ...(only ? { only } : {}) }),
    // The schedules that found a fault, replayed on every full run (not with CHAOS_ONLY, nor CHAOS_REGRESSIONS=0).
    ...(only || process.env.CHAOS_REGRESSIONS === '0' ? [] : regressionSchedules({ brokers: brokerCount >= 3, attendanceInstances: 2 })),
  ];
  const rows: ScheduleRow[] = [];
  mkdirSync(path.join(root, '.data', 'chaos'), { recursive: true });
  try {
    for (const schedule of schedules) {
      // A schedule that cannot finish (the stack never healed: a restarted broker that never rejoined, a service that
      // never answered again) is a FAIL row with the reason, and the run stops there: later schedules would only
      // measure the wreck. The table so far is still printed and kept.
      const row = await runSchedule({ target, gatewayUrl: stack.gatewayUrl, services: stack.services, schedule }).catch((err: unknown): ScheduleRow => ({
        schedule: schedule.name,
        seed: schedule.seed,
        faults: schedule.faults.map((f) => describeFault(f.fault)).join(' + '),
        healMs: 0,
        acked: 0,
        refused: 0,
        unknown: 0,
        lost: 0,
        duplicated: 0,
        refusedVisible: 0,
        stale: 0,
        staleAtHeal: [],
        problems: [`the schedule did not finish: ${err instanceof Error ? err.message : String(err)}`],
        aborted: true,
      }));
      rows.push(row);
      // The table so far, after each schedule: an interrupted run still shows what it found.
      writeFileSync(path.join(root, '.data', 'chaos', `${seed}.partial.txt`), `${table(rows)}\n`);
      console.error(`[chaos] ${row.schedule}: ${rowFailed(row) ? 'FAIL' : 'ok'}${row.problems.length ? `\n  ${row.problems.slice(0, 8).join('\n  ')}` : ''}`);
      if (row.staleAtHeal.length) console.error(`[chaos] ${row.schedule}: stale at the heal (a sample):\n  ${row.staleAtHeal.join('\n  ')}`);
      if (row.aborted) break;
    }
  } finally {
    await stopAll();
  }
  const out = `seed ${seed}, ${brokerCount} broker(s)\n${table(rows)}\n`;
  console.log(`\n${out}`);
  mkdirSync(path.join(root, '.data', 'chaos'), { recursive: true });
  writeFileSync(
    path.join(root, '.data', 'chaos', `${seed}.txt`),
    `${out}\n${rows.flatMap((r) => [...r.problems.map((p) => `${r.schedule}: ${p}`), ...r.staleAtHeal.map((p) => `${r.schedule} at heal: ${p}`)]).join('\n')}\n`,
  );
  process.exit(rows.some(rowFailed) ? 1 : 0);
}
