// @vitest-environment jsdom
import { enquiriesRoutes, memberReferralRoutes, memberRoutes, RecordMeasurementBody, type Measurement } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { aPayment, paymentListIs, razorpayStatusIs } from '../../../testing/payments';
import { signedInShell } from '../../../testing/app-handlers';
import { on, reply } from '../../../testing/contract-handlers';
import { aMeasurement, aMemberDetail, aUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

/** Puts text in a field at once (typing it key by key makes these tests slow on a busy machine). */
async function fill(
  user: { clear: (el: Element) => Promise<void>; click: (el: Element) => Promise<void>; paste: (text: string) => Promise<void> },
  el: Element,
  text: string,
) {
  await user.clear(el);
  await user.click(el);
  await user.paste(text);
}

const memberUser = aUser({ role: 'member', firstName: 'Kavita', lastName: 'Rao', fullName: 'Kavita Rao', email: 'kavita@example.in' });

// The screens load lazily and are compiled on first use: do that before the tests, not inside the first one's time.
beforeAll(async () => {
  await Promise.all([import('./my-membership-page'), import('./my-progress-page'), import('./my-trainer-page'), import('../../../app/shell/app-shell')]);
});

describe('member self pages', () => {
  it('My membership: days remaining, the current term, the referral link and rewards, and the history', async () => {
    const me = aMemberDetail({
      firstName: 'Kavita',
      lastName: 'Rao',
      daysRemaining: 20,
      membershipEndDate: '2026-03-01',
      terms: [
        {
          termNo: 2,
          membershipType: 'basic',
          paymentFrequency: 'monthly',
          paymentMethod: 'upi',
          fee: 1500,
          startDate: '2026-02-01',
          endDate: '2026-03-01',
          daysFrozen: 0,
          createdAt: '2026-01-30T05:00:00.000Z',
        },
        {
          termNo: 1,
          membershipType: 'basic',
          paymentFrequency: 'monthly',
          paymentMethod: 'cash',
          fee: 1500,
          startDate: '2026-01-01',
          endDate: '2026-02-01',
          daysFrozen: 0,
          createdAt: '2026-01-01T05:00:00.000Z',
        },
      ],
    });
    server.use(
      ...signedInShell(memberUser),
      on(memberRoutes.me, () => reply(memberRoutes.me, 200, { success: true, data: me })),
      on(memberReferralRoutes.mine, () =>
        reply(memberReferralRoutes.mine, 200, {
          success: true,
          data: { code: '7K2M9QXA', rewardDays: 10, rewards: [{ days: 10, endDate: '2026-03-01', rewardedAt: '2026-02-10T05:00:00.000Z' }] },
        }),
      ),
      on(enquiriesRoutes.myFormLinks, () =>
        reply(enquiriesRoutes.myFormLinks, 200, { success: true, data: [{ locationId: crypto.randomUUID(), locationName: 'Pune', code: 'abcd23efgh' }] }),
      ),
      paymentListIs([aPayment({ status: 'pending', paidAt: null, description: 'March membership', dueDate: '2026-03-01' })]),
      razorpayStatusIs(false),
    );
    const { user } = renderApp('/dashboard/me');
    const referral = await screen.findByTestId('referral-card');
    const link = (await within(referral).findByTestId('referral-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/enquire/abcd23efgh?ref=7K2M9QXA`);
    expect(within(referral).getByTestId('referral-offer').textContent).toMatch(/10 free days/);
    expect(within(referral).getByTestId('referral-rewards').textContent).toBe('10 free days: membership now ends 1 Mar 2026');
    // No credits: the empty state (issue 27).
    expect(within(referral).getByTestId('referral-no-credits').textContent).toBe('No referral credits yet.');
    expect(within(referral).queryByTestId('referral-credits')).toBeNull();
    await user.click(within(referral).getByRole('button', { name: 'Copy' }));
    expect(await within(referral).findByText('Copied')).toBeTruthy();
    const card = await screen.findByTestId('my-membership');
    // A pending payment shows under "Payment due"; without the gym's Razorpay keys, the note instead of Pay now.
    const dues = await screen.findByTestId('my-dues');
    expect(within(dues).getByText(/March membership/)).toBeTruthy();
    expect(await within(dues).findByTestId('online-unavailable')).toBeTruthy();
    expect(within(dues).queryByTestId('pay-online')).toBeNull();
    expect(within(card).getByText('20 days left')).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByTestId('my-end-date').textContent).toBe('1 Mar 2026');
    expect(screen.getAllByTestId('term-row')).toHaveLength(2);
  });

  it('My trainer: the trainer’s name and specializations, or that none is assigned yet', async () => {
    const me = aMemberDetail({
      trainer: { _id: '0198a3c1-0000-7000-8000-0000000000c1', user: { firstName: 'Vikram', lastName: 'Singh' }, specialization: ['yoga', 'nutrition'] },
    });
    server.use(
      ...signedInShell(memberUser),
      on(memberRoutes.me, () => reply(memberRoutes.me, 200, { success: true, data: me })),
    );
    const view = renderApp('/dashboard/me/trainer');
    const card = await screen.findByTestId('my-trainer');
    expect(within(card).getByText('Vikram Singh')).toBeTruthy();
    expect(within(card).getByText('Yoga')).toBeTruthy();
    expect(within(card).getByText('Nutrition')).toBeTruthy();
    view.unmount();

    server.use(on(memberRoutes.me, () => reply(memberRoutes.me, 200, { success: true, data: aMemberDetail() })));
    renderApp('/dashboard/me/trainer');
    expect(await screen.findByText('No trainer assigned yet')).toBeTruthy();
  });

  it('My progress: an honest empty state, then the member records their own measurement', async () => {
    const mine: Measurement[] = [];
    const bodies: unknown[] = [];
    server.use(
      ...signedInShell(memberUser),
      on(memberRoutes.myMeasurements, () =>
        reply(memberRoutes.myMeasurements, 200, { success: true, data: mine, totalCount: mine.length, pagination: { page: 1, limit: 100, totalPages: 1 } }),
      ),
      on(memberRoutes.recordMyMeasurement, async ({ request }) => {
        const body = RecordMeasurementBody.parse(await request.json());
        bodies.push(body);
        const m = aMeasurement({
          weightKg: body.weightKg ?? null,
          bodyFatPercent: body.bodyFatPercent ?? null,
          chestCm: null,
          waistCm: null,
          armsCm: null,
          recordedBy: { _id: memberUser._id, name: 'Kavita Rao' },
        });
        mine.unshift(m);
        return reply(memberRoutes.recordMyMeasurement, 201, { success: true, data: m });
      }),
    );
    const { user } = renderApp('/dashboard/me/progress');
    expect(await screen.findByText('No measurements yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '+ Add Measurement' }));
    const form = within(await screen.findByTestId('measure-form'));
    await fill(user, form.getByLabelText(/^Weight/), '61');
    await fill(user, form.getByLabelText(/^Body fat/), '24.5');
    await user.click(form.getByRole('button', { name: 'Save Measurement' }));
    await waitFor(() => expect(screen.getAllByTestId('measure-row')).toHaveLength(1));
    expect(bodies).toEqual([expect.objectContaining({ weightKg: 61, bodyFatPercent: 24.5 })]);
    expect(within(screen.getByTestId('measure-table')).getByText('Kavita Rao')).toBeTruthy();
    // A member cannot delete measurements (staff only).
    expect(screen.queryByRole('button', { name: /^Delete the measurement/ })).toBeNull();
  });
});
