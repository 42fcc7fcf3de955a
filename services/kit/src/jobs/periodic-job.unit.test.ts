import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { periodicJob } from './periodic-job.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A run that stays in progress until released. */
const gate = () => {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return { done, release };
};

describe('periodicJob', () => {
  it('runs at start and every interval, never two runs at once', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const gates: ReturnType<typeof gate>[] = [];
    const job = periodicJob({
      name: 'test',
      intervalMs: 1_000,
      run: async () => {
        runs += 1;
        active += 1;
        most = Math.max(most, active);
        const g = gate();
        gates.push(g);
        await g.done;
        active -= 1;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000); // three ticks while the first run is still in progress
    expect(runs).toBe(1);
    gates[0]!.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2);
    for (const g of gates) g.release();
    await vi.advanceTimersByTimeAsync(0);
    gates.forEach((g) => g.release());
    await vi.advanceTimersByTimeAsync(0);
    gates.forEach((g) => g.release());
    await vi.advanceTimersByTimeAsync(0);
    expect(most).toBe(1);
    const stopping = job.stop();
    gates.forEach((g) => g.release());
    await stopping;
  });

  it('logs a failed run with its name and keeps ticking', async () => {
    const errors: unknown[][] = [];
    let runs = 0;
    const job = periodicJob({
      name: 'alerts',
      intervalMs: 1_000,
      logger: { error: (...args: unknown[]) => void errors.push(args) },
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('database away');
      },
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]![1]).toBe('alerts job failed');
    await job.stop();
  });

  it('stop() waits for the run in progress, and no run starts after it', async () => {
    let runs = 0;
    const g = gate();
    let finished = false;
    const job = periodicJob({
      name: 'test',
      intervalMs: 1_000,
      run: async () => {
        runs += 1;
        await g.done;
        finished = true;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stopped).toBe(false);
    g.release();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(1);
  });

  it('runAtStart: false waits for the first interval', async () => {
    let runs = 0;
    const job = periodicJob({ name: 'test', intervalMs: 1_000, runAtStart: false, run: async () => void (runs += 1) });
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await job.stop();
  });
});
