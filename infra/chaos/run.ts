// One schedule, end to end: fresh gyms, the workload through the gateway while the schedule's faults hit, the wait for
// every process to be back, then the checker. And the table the runs print.
import type { ServiceName } from '@akhada/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { check, type CheckResult } from './checker.ts';
import { applyFault, describeFault, faultSeconds, waitHealed, type ChaosTarget, type Schedule } from './faults.ts';
import { rngOf } from './rng.ts';
import { newGyms, runWorkload } from './workload.ts';

export interface ScheduleRow extends CheckResult {
  schedule: string;
  seed: string;
  faults: string;
  /** ms from the last fault's end until every process answered /ready again. */
  healMs: number;
  /** The schedule could not run to its end (the run stops after it). */
  aborted?: boolean;
}

/** Converged means every read model agreed within this long after the faults healed. */
export const CONVERGE_LIMIT_MS = 10_000;

export async function runSchedule({
  target,
  gatewayUrl,
  services,
  schedule,
  gyms = 2,
  tailMs = 3_000,
  concurrency = 4,
  log = (line: string) => console.error(line),
}: {
  target: ChaosTarget;
  gatewayUrl: string;
  services: ServiceName[];
  schedule: Schedule;
  gyms?: number;
  /** How long the workload runs on after the last fault ended. */
  tailMs?: number;
  concurrency?: number;
  log?: (line: string) => void;
}): Promise<ScheduleRow> {
  log(`[chaos] schedule ${schedule.name} (seed ${schedule.seed}): ${schedule.faults.map((f) => `${describeFault(f.fault)} at ${f.at / 1000}s`).join('; ')}`);
  const theGyms = await newGyms(gatewayUrl, gyms, 'chaos');
  const rng = rngOf(`${schedule.seed}:workload`);
  let faultsOver = false;
  let stopAt = Number.POSITIVE_INFINITY;
  const workload = runWorkload({ gatewayUrl, gyms: theGyms, rng, until: () => faultsOver && Date.now() >= stopAt, concurrency });
  const t0 = Date.now();
  await Promise.all(
    schedule.faults.map(async ({ at, fault }) => {
      await sleep(Math.max(0, t0 + at - Date.now()));
      await applyFault(target, fault, log);
      // A kill ends at once; the workload keeps running through the restart.
      if (!('seconds' in fault)) await sleep(faultSeconds(fault) * 1000);
    }),
  );
  const faultsEnded = Date.now();
  faultsOver = true;
  stopAt = Date.now() + tailMs;
  const ops = await workload;
  await waitHealed(target, services);
  const healMs = Date.now() - faultsEnded;
  const result = await check({ databaseUrl: target.databaseUrl, gyms: theGyms, ops });
  return {
    schedule: schedule.name,
    seed: schedule.seed,
    faults: schedule.faults.map((f) => describeFault(f.fault)).join(' + '),
    healMs,
    ...result,
  };
}

/** A row failed when anything was lost, duplicated or shown though refused, or a read model did not converge in 10 s. */
export const rowFailed = (r: ScheduleRow): boolean =>
  r.aborted === true || r.lost > 0 || r.duplicated > 0 || r.refusedVisible > 0 || r.convergedMs === undefined || r.convergedMs > CONVERGE_LIMIT_MS;

export function table(rows: ScheduleRow[]): string {
  const head = ['schedule', 'faults', 'acked', 'refused', 'unknown', 'lost', 'dup', 'refused seen', 'stale', 'converge s', ''];
  const body = rows.map((r) => [
    r.schedule,
    r.faults,
    String(r.acked),
    String(r.refused),
    String(r.unknown),
    String(r.lost),
    String(r.duplicated),
    String(r.refusedVisible),
    String(r.stale),
    r.aborted ? 'aborted' : r.convergedMs === undefined ? 'never' : (r.convergedMs / 1000).toFixed(1),
    rowFailed(r) ? 'FAIL' : 'ok',
  ]);
  return textTable(head, body);
}

/** A Markdown table whose columns line up in a terminal too (the chaos table, the soak's summary). */
export function textTable(head: string[], body: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
