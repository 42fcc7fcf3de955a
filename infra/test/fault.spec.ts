// Fault test: the notifications service dies (SIGKILL) while members are being added, comes back, and every member
// still produces exactly one notification for the owner — the outbox keeps the events, Kafka keeps the offsets, and
// the inbox makes the redelivered ones harmless.
import { notificationRoutes } from '@akhada/contracts';
import { describe, expect, inject, it } from 'vitest';
import { api } from '@akhada/test-support/api';

describe('notifications survive a crash of their service', () => {
  it('gives every member registered around a crash exactly one notification', async () => {
    const a = api(inject('gatewayUrl'));
    const control = inject('controlUrl');
    // More members than the free trial's 14: the gym is on the Pro plan.
    const gym = await a.newGym('fault', { plan: 'pro' });
    const N = 24;
    const memberIds: string[] = [];
    const add = async (i: number) => {
      const r = await a.call('POST', '/members', a.member(i), gym.token);
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      memberIds.push(r.json.data._id);
    };
    for (let i = 0; i < 6; i++) await add(i);
    // Crash mid-stream: the kill races with the next registrations.
    const killing = fetch(`${control}/kill/notifications`, { method: 'POST' });
    for (let i = 6; i < 12; i++) await add(i);
    expect((await killing).status).toBe(200);
    for (let i = 12; i < 20; i++) await add(i);
    const down = await a.call('GET', '/notifications/unread-count', undefined, gym.token);
    expect(down.status).toBe(503);
    expect(down.json).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect((await fetch(`${control}/start/notifications`, { method: 'POST' })).status).toBe(200);
    for (let i = 20; i < N; i++) await add(i);

    const all = async () => {
      const r = await a.call('GET', '/notifications?type=membership&limit=100', undefined, gym.token);
      return r.status === 200 ? notificationRoutes.list.responses[200].parse(r.json) : undefined;
    };
    await expect.poll(async () => (await all())?.totalCount, { timeout: 60_000, interval: 500 }).toBe(N);
    // Nothing arrives twice after the replay settles. Instead of waiting a while for "nothing", send a sentinel: one
    // more member, added once all N notifications are there. The restarted consumer re-read its partitions from their
    // committed offsets before it reached anything new, so by the time the sentinel's notification exists, a duplicate
    // from that replay would have been written: the count must be exactly N + 1, each member once.
    await add(N);
    const sentinelTarget = `/dashboard/members/${memberIds[N]}`;
    await expect.poll(async () => (await all())?.data.notifications.some((n) => n.actionUrl === sentinelTarget), { timeout: 30_000, interval: 200 }).toBe(true);
    const list = (await all())!;
    expect(list.totalCount).toBe(N + 1);
    const targets = list.data.notifications.map((n) => n.actionUrl);
    expect(new Set(targets).size).toBe(N + 1);
    expect(targets.sort()).toEqual(memberIds.map((id) => `/dashboard/members/${id}`).sort());
  });
});
