// When the supervisor (processes.ts) starts a child again after it exited without being asked to: exponential back-off,
// reset by a healthy run, and a stop once the child is crash-looping. Pure: no timers, no processes.

export interface RestartPolicy {
  /** The wait before the first restart; it doubles with every quick failure in a row. */
  initialDelayMs: number;
  /** The longest wait between restarts. */
  maxDelayMs: number;
  /** A run at least this long was healthy: the next exit starts the back-off (and the crash count) over. */
  stableAfterMs: number;
  /** Restarts in a row, each run shorter than stableAfterMs, after which the next quick exit is a crash loop: no more. */
  maxQuickRestarts: number;
}

/** 0.5 s, 1 s, 2 s, 4 s, 8 s, 10 s; reset after 30 s up; six restarts in a row that each die within 30 s: no seventh. */
export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 500,
  maxDelayMs: 10_000,
  stableAfterMs: 30_000,
  maxQuickRestarts: 6,
};

export type RestartDecision =
  /** Start it again after delayMs; attempt is 1 for the first restart after a healthy run, 2 for the next quick one… */
  | { restart: true; attempt: number; delayMs: number }
  /** A crash loop: each of the last `restarts` restarts died within stableAfterMs; leave it down. */
  | { restart: false; restarts: number };

/**
 * What to do about a child that exited unasked after running upForMs, given how many restarts in a row came before
 * it (each after a run shorter than policy.stableAfterMs; 0 after a healthy run or at the first start).
 */
export function nextRestart(previousAttempts: number, upForMs: number, policy: RestartPolicy = DEFAULT_RESTART_POLICY): RestartDecision {
  const attempt = (upForMs >= policy.stableAfterMs ? 0 : Math.max(0, previousAttempts)) + 1;
  if (attempt > policy.maxQuickRestarts) return { restart: false, restarts: attempt - 1 };
  return { restart: true, attempt, delayMs: Math.min(policy.initialDelayMs * 2 ** (attempt - 1), policy.maxDelayMs) };
}
