import { periodicJob, type Logger } from '@akhada/kit';
import { deleteTrialPassesEndedBefore } from '../db/trial-passes-repo.ts';
import type { AttendanceDeps } from './deps.ts';

/**
 * Ended trial passes are kept this long, so the desk still answers "this pass ended on …" for a code typed a few days
 * late; after that the code is simply not known (the visits made with it stay).
 */
export const KEEP_ENDED_TRIAL_PASSES_DAYS = 7;
const BATCH = 1_000;

/**
 * Removes from this service's copy of enquiries' trial passes those that ended more than `keepDays` ago, in batches,
 * so the table holds the passes that can still be used (or were just now). Idempotent: several instances at once only
 * delete the same rows once. Returns how many went.
 */
export const pruneTrialPasses = async (
  deps: Pick<AttendanceDeps, 'db' | 'clock'>,
  { keepDays = KEEP_ENDED_TRIAL_PASSES_DAYS, batchSize = BATCH }: { keepDays?: number; batchSize?: number } = {},
): Promise<number> => {
  const before = new Date(deps.clock().getTime() - keepDays * 86_400_000);
  let total = 0;
  for (;;) {
    const n = await deleteTrialPassesEndedBefore(deps.db, before, batchSize);
    total += n;
    if (n < batchSize) return total;
  }
};

/** Runs pruneTrialPasses every `intervalMs` (the kit's periodicJob: at start, one run at a time; stop() waits for it). */
export const startTrialPassPruneJob = (deps: Pick<AttendanceDeps, 'db' | 'clock'> & { logger: Logger }, o: { intervalMs: number }) =>
  periodicJob({ name: 'trial-pass-prune', intervalMs: o.intervalMs, logger: deps.logger, run: () => pruneTrialPasses(deps) });
