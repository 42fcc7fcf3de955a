import { describe, expect, it } from 'vitest';
import { createFileLock, EXCLUSIVE_SPECS } from './file-lock.ts';

/** Resolves to the order in which the given acquisitions were granted (settled microtasks only: the lock is in-process). */
const flush = () => new Promise((r) => setImmediate(r));

describe('the stack lock of the browser suite', () => {
  it('grants shared holders together and an exclusive one alone, in arrival order', async () => {
    const lock = createFileLock();
    const granted: string[] = [];
    const a = lock.acquire('shared').then((t) => (granted.push('a'), t));
    const b = lock.acquire('shared').then((t) => (granted.push('b'), t));
    const x = lock.acquire('exclusive').then((t) => (granted.push('x'), t));
    // c arrived after the waiting exclusive request: it waits behind it.
    const c = lock.acquire('shared').then((t) => (granted.push('c'), t));
    await flush();
    expect(granted).toEqual(['a', 'b']);
    lock.release(await a);
    await flush();
    expect(granted).toEqual(['a', 'b']);
    lock.release(await b);
    await flush();
    expect(granted).toEqual(['a', 'b', 'x']);
    expect(lock.state()).toEqual({ shared: 0, exclusive: true, waiting: 1 });
    const tx = await x;
    lock.release(tx);
    lock.release(tx); // a repeated release changes nothing
    await flush();
    expect(granted).toEqual(['a', 'b', 'x', 'c']);
    expect(lock.state()).toEqual({ shared: 1, exclusive: false, waiting: 0 });
    lock.release(await c);
    expect(lock.state()).toEqual({ shared: 0, exclusive: false, waiting: 0 });
  });

  it('names the files that kill services or watch the database', () => {
    expect(EXCLUSIVE_SPECS.test('/r/frontend/e2e/bad-input.spec.ts')).toBe(true);
    expect(EXCLUSIVE_SPECS.test('/r/infra/test/fault.spec.ts')).toBe(true);
    expect(EXCLUSIVE_SPECS.test('/r/frontend/e2e/members.spec.ts')).toBe(false);
  });
});
