// A crashed service comes back by itself: the notifications service's process is killed (SIGKILL, its real pid, behind
// the stack's back, as a crash or the kernel's out-of-memory killer would), the gateway answers 503 with Retry-After
// while it is down, and the supervisor starts it again: it answers through the gateway without anyone restarting it.
import { ErrorBody } from '@akhada/contracts';
import { api } from '@akhada/test-support/api';
import { describe, expect, inject, it } from 'vitest';

interface Instance {
  pid?: number;
  state: string;
  restarts: number;
}

describe('a killed service is restarted by the supervisor', () => {
  it('answers 503 with Retry-After while notifications is down, then answers again without help', async () => {
    const gateway = inject('gatewayUrl');
    const control = inject('controlUrl');
    const a = api(gateway);
    const gym = await a.newGym('restart');
    const unread = () => fetch(`${gateway}/api/notifications/unread-count`, { headers: { authorization: `Bearer ${gym.token}` } });
    const instance = async () => ((await (await fetch(`${control}/instances/notifications`)).json()) as Instance[])[0]!;

    expect((await unread()).status).toBe(200);
    const before = await instance();
    expect(before).toMatchObject({ state: 'running', pid: expect.any(Number) });

    process.kill(before.pid!, 'SIGKILL');

    // Down: the gateway says so, and when to try again. (The restart waits half a second, then the service needs
    // seconds to start: the 503 is there to see.)
    let down: Response | undefined;
    await expect
      .poll(
        async () => {
          const res = await unread();
          if (res.status === 503) down = res;
          else await res.body?.cancel();
          return res.status;
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBe(503);
    expect(down!.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(ErrorBody.parse(await down!.json())).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });

    // Back, with nobody restarting it: a new process, one restart counted.
    await expect
      .poll(
        async () => {
          const res = await unread();
          await res.body?.cancel();
          return res.status;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(200);
    const after = await instance();
    expect(after).toMatchObject({ state: 'running', restarts: before.restarts + 1 });
    expect(after.pid).not.toBe(before.pid);
  });
});
