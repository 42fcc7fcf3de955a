// Fault test (issue 28): payments is killed (SIGKILL) between receiving a subscription.charged webhook and renewing the
// membership. After the supervisor restarts it and Razorpay (the stand-in) delivers the webhook again, the member is
// renewed exactly once: one payment, one invoice, the end date moved by exactly one period.
//
// The kill lands "between" deterministically through payments' test-only pause point (NODE_ENV=test with
// AUTOPAY_WEBHOOK_PAUSE_FILE, which the e2e stack sets; services/payments/src/adapters/webhook-pause.ts): writing the
// subscription's id into that file makes its next verified subscription.charged wait before its transaction and say so
// in `<file>.reached`; the test then kills the process and clears the file.
import { addMonthsTo, endDateOf, gymWithAutopay, invitedMember, standinControl } from '@akhada/test-support/autopay';
import { api as apiFor } from '@akhada/test-support/api';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';

interface Instance {
  pid?: number;
  state: string;
  restarts: number;
}

describe('an autopay charge survives a crash of payments', () => {
  it('renews exactly once when payments dies between receiving the charge webhook and renewing', async () => {
    const gateway = inject('gatewayUrl');
    const control = inject('controlUrl');
    const razorpay = inject('razorpayUrl');
    const pauseFile = inject('autopayPauseFile');
    const api = apiFor(gateway);
    const gym = await api.newGym('autopay-fault');
    const [{ planId }, member] = await Promise.all([gymWithAutopay(api, gym, razorpay), invitedMember(api, gym, inject('mailUrl'))]);

    // The member's autopay, authorised on Razorpay: the first charge is due when the current term ends.
    const started = await api.call('POST', '/payments/autopay', { planId }, member.token);
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    const subscriptionId = started.json.data.subscriptionId as string;
    await standinControl(razorpay, `/__standin/subscriptions/${subscriptionId}/authenticate`, { method: 'upi' });
    const mine = async () =>
      (await api.call('GET', '/payments/autopay/mine', undefined, member.token)).json.data?.[0] as { status: string; charges: number } | undefined;
    await expect.poll(async () => (await mine())?.status, { timeout: 20_000 }).toBe('authenticated');
    const endBefore = await endDateOf(api, gym, member.id);

    // Razorpay charges the cycle; payments receives subscription.charged, checks it, and stops before renewing.
    rmSync(`${pauseFile}.reached`, { force: true });
    writeFileSync(pauseFile, subscriptionId);
    try {
      await standinControl(razorpay, `/__standin/subscriptions/${subscriptionId}/charge`, {});
      await expect.poll(() => existsSync(`${pauseFile}.reached`), { timeout: 20_000, interval: 50 }).toBe(true);
      const eventId = readFileSync(`${pauseFile}.reached`, 'utf8');
      const before = ((await (await fetch(`${control}/instances/payments`)).json()) as Instance[])[0]!;
      process.kill(before.pid!, 'SIGKILL');
      rmSync(pauseFile, { force: true });

      // Nothing was renewed; the supervisor brings payments back.
      expect(await endDateOf(api, gym, member.id)).toBe(endBefore);
      await expect
        .poll(async () => (await api.call('GET', '/payments/autopay/mine', undefined, member.token)).status, { timeout: 60_000, interval: 250 })
        .toBe(200);
      const after = ((await (await fetch(`${control}/instances/payments`)).json()) as Instance[])[0]!;
      expect(after).toMatchObject({ state: 'running', restarts: before.restarts + 1 });

      // Razorpay delivers the event again (twice: a retry after the restart may have been answered already).
      const redelivered = (await standinControl(razorpay, `/__standin/webhooks/${eventId}/redeliver`, { times: 2 })) as { status: string };
      expect(redelivered.status).toBe('delivered');
    } finally {
      rmSync(pauseFile, { force: true });
      rmSync(`${pauseFile}.reached`, { force: true });
    }

    // Renewed exactly once: one period, one payment, one invoice.
    const endAfter = addMonthsTo(endBefore, 1);
    await expect.poll(() => endDateOf(api, gym, member.id), { timeout: 20_000, interval: 250 }).toBe(endAfter);
    expect(await mine()).toMatchObject({ status: 'active', charges: 1 });
    const payments = await api.call('GET', `/payments?member=${member.id}&status=completed&limit=100`, undefined, gym.token);
    const autopayPayments = (payments.json.data as { _id: string; source: string }[]).filter((p) => p.source === 'autopay');
    expect(autopayPayments).toHaveLength(1);
    await expect
      .poll(async () => (await api.call('GET', `/payments/invoices?memberId=${member.id}`, undefined, gym.token)).json.data?.length, { timeout: 20_000 })
      .toBe(1);
    // A sentinel instead of waiting for "nothing more": the next cycle's charge renews once more, so anything the
    // replays had left to do would have happened by then — still one period per captured charge.
    await standinControl(razorpay, `/__standin/subscriptions/${subscriptionId}/charge`, {});
    await expect.poll(() => endDateOf(api, gym, member.id), { timeout: 20_000, interval: 250 }).toBe(addMonthsTo(endBefore, 2));
    expect(await mine()).toMatchObject({ charges: 2 });
  });
});
