import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { kafkajsIdleLoopFixed } from './kafka.ts';

interface Queue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  scheduleCheckPendingRequests(): void;
}
const RequestQueue = createRequire(import.meta.url)('kafkajs/src/network/requestQueue/index.js') as new (o: object) => Queue;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const queues: Queue[] = [];
const queue = (): Queue => {
  const q = new RequestQueue({ maxInFlightRequests: 1, requestTimeout: 30_000, enforceRequestTimeout: true, clientId: 't', broker: 'b', logger: quiet });
  queues.push(q);
  return q;
};
afterEach(() => {
  for (const q of queues.splice(0)) if (q.throttleCheckTimeoutId) clearTimeout(q.throttleCheckTimeoutId);
});

describe("kafkajs 2.2.4's idle timer loop (the kit's fix)", () => {
  it('is applied to the installed kafkajs', () => {
    expect(kafkajsIdleLoopFixed).toBe(true);
  });

  it('schedules no check when nothing is pending and no throttle is on (2.2.4 re-armed a ~1 ms timer forever)', () => {
    const q = queue();
    q.scheduleCheckPendingRequests();
    expect(q.throttleCheckTimeoutId).toBeNull();
  });

  it('still checks pending requests, and the end of a throttle', () => {
    const pending = queue();
    pending.pending.push({});
    pending.scheduleCheckPendingRequests();
    expect(pending.throttleCheckTimeoutId).not.toBeNull();

    const throttled = queue();
    throttled.throttledUntil = Date.now() + 5_000;
    throttled.scheduleCheckPendingRequests();
    expect(throttled.throttleCheckTimeoutId).not.toBeNull();
  });
});
