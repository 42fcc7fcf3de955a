import type { Logger } from '../logger.ts';

export interface PeriodicJob {
  /** Stops the timer and waits for a run in progress (call it while the service closes). */
  stop(): Promise<void>;
}

/**
 * A background job of a service: `run` once at start (unless `runAtStart` is false) and then every `intervalMs`, one
 * run at a time (a tick that comes while a run is in progress waits for it, never overlaps it). A failed run is logged
 * at error level with the job's name and the next tick runs as usual. The timer never keeps the process alive;
 * `stop()` clears it and waits for the run in progress.
 *
 * @example
 * const expiry = periodicJob({ name: 'membership expiry', intervalMs: 60_000, logger, run: () => expireMemberships(deps) });
 * await serveService({ …, onClose: [() => expiry.stop()] });
 */
export const periodicJob = ({
  name,
  intervalMs,
  run,
  logger,
  runAtStart = true,
}: {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  logger?: Pick<Logger, 'error'>;
  runAtStart?: boolean;
}): PeriodicJob => {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running.then(() => (stopped ? undefined : run())).catch((err: unknown) => logger?.error({ err, job: name }, `${name} job failed`));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  if (runAtStart) tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};
