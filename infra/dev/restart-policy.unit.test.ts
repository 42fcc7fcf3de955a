import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTART_POLICY, nextRestart, type RestartPolicy } from './restart-policy.ts';

const policy: RestartPolicy = { initialDelayMs: 500, maxDelayMs: 10_000, stableAfterMs: 30_000, maxQuickRestarts: 6 };

describe('restart policy', () => {
  it('backs off exponentially from half a second, capped at ten seconds, while the child keeps dying quickly', () => {
    const delays: number[] = [];
    let attempts = 0;
    for (let i = 0; i < 6; i++) {
      const d = nextRestart(attempts, 1_000, policy);
      expect(d.restart).toBe(true);
      if (!d.restart) return;
      expect(d.attempt).toBe(i + 1);
      delays.push(d.delayMs);
      attempts = d.attempt;
    }
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 8_000, 10_000]);
  });

  it('stops restarting a crash loop and says how many restarts died', () => {
    expect(nextRestart(6, 29_999, policy)).toEqual({ restart: false, restarts: 6 });
    expect(nextRestart(1, 100, { ...policy, maxQuickRestarts: 1 })).toEqual({ restart: false, restarts: 1 });
  });

  it('starts over after a healthy run: one crash after a long time up is the first attempt again', () => {
    expect(nextRestart(5, 30_000, policy)).toEqual({ restart: true, attempt: 1, delayMs: 500 });
    expect(nextRestart(6, 3_600_000, policy)).toEqual({ restart: true, attempt: 1, delayMs: 500 });
    // The first exit of a child never restarted before, however quick, is restarted.
    expect(nextRestart(0, 10, policy)).toEqual({ restart: true, attempt: 1, delayMs: 500 });
  });

  it('defaults to the documented numbers', () => {
    expect(DEFAULT_RESTART_POLICY).toEqual(policy);
  });
});
