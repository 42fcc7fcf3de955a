// @vitest-environment jsdom
import { billingRoutes, type BillingOverview } from '@akhada/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { meIs, notificationsAre } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser, ORG_ID } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const DAY = 86_400_000;
const onTrial = (endsInMs: number) => ({
  _id: ORG_ID,
  name: 'Akhada Fitness',
  plan: 'free' as const,
  trialEndsAt: new Date(Date.now() + endsInMs).toISOString(),
  joinCode: 'AKHADA01',
  logoUrl: null,
  brandColor: '#3b82f6',
});
const limits = (members: number | null, trainers: number | null, locations: number | null) => ({ members, trainers, locations });
const overview = (trialEndsAt: string, readOnly: boolean): BillingOverview => ({
  plan: 'free',
  trialEndsAt,
  readOnly,
  usage: { members: 30, trainers: 1, locations: 1 },
  limits: limits(14, 2, 1),
  options: [
    {
      plan: 'mini',
      price: 999,
      gst: 179.82,
      total: 1178.82,
      limits: limits(25, 1, 1),
      fits: false,
      reason: 'Your gym has 30 members; the Mini plan allows 25.',
    },
    { plan: 'starter', price: 1999, gst: 359.82, total: 2358.82, limits: limits(50, 2, 1), fits: true, reason: null },
    { plan: 'pro', price: 5000, gst: 900, total: 5900, limits: limits(150, 5, 1), fits: true, reason: null },
    { plan: 'enterprise', price: 10000, gst: 1800, total: 11800, limits: limits(null, null, null), fits: true, reason: null },
  ],
  invoices: [],
});

describe('plan and billing page', () => {
  it('shows usage against the limits, refuses a plan the gym has outgrown, and says why an order failed', async () => {
    const owner = aUser({ organization: onTrial(-2 * DAY) });
    server.use(
      meIs(owner),
      ...notificationsAre([]),
      on(billingRoutes.overview, () => reply(billingRoutes.overview, 200, { success: true, data: overview(owner.organization.trialEndsAt!, true) })),
      on(billingRoutes.createOrder, () => problem(502, 'RAZORPAY_ERROR', 'Razorpay is not answering. Try again in a minute.')),
    );
    const { user } = renderApp('/dashboard/settings/plan');
    expect((await screen.findByTestId('billing-trial')).textContent).toContain('Your gym is read-only until you choose a plan.');
    expect(screen.getByTestId('usage-members').textContent).toContain('30 of 14');
    expect(screen.getByTestId('usage-locations').textContent).toContain('1 of 1');
    const mini = screen.getByTestId('plan-mini');
    expect(within(mini).getByTestId('too-small-mini').textContent).toBe('Your gym has 30 Members; this plan allows 25. Remove some or choose a bigger plan.');
    expect((within(mini).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    expect(within(screen.getByTestId('plan-starter')).getByText('+ ₹359.82 GST = ₹2,358.82 a month')).toBeTruthy();
    expect(screen.getByTestId('billing-no-invoices')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect((await screen.findByTestId('billing-error')).textContent).toBe('Razorpay is not answering. Try again in a minute.');
  });

  it('shows a failure with Retry, then the plan once it loads', async () => {
    let failing = true;
    const owner = aUser({ organization: onTrial(2 * DAY) });
    server.use(
      meIs(owner),
      ...notificationsAre([]),
      on(billingRoutes.overview, () =>
        failing
          ? problem(500, 'INTERNAL', 'boom')
          : reply(billingRoutes.overview, 200, { success: true, data: overview(owner.organization.trialEndsAt!, false) }),
      ),
    );
    const { user } = renderApp('/dashboard/settings?tab=billing');
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toContain('Your plan and billing could not be loaded');
    failing = false;
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('billing-trial')).textContent).toMatch(/days? left/);
  });

  it('shows staff who are not the owner the plan and who can change it, without buttons', async () => {
    const admin = aUser({ role: 'admin', organization: onTrial(3 * DAY) });
    server.use(
      meIs(admin),
      ...notificationsAre([]),
      on(billingRoutes.overview, () => reply(billingRoutes.overview, 200, { success: true, data: overview(admin.organization.trialEndsAt!, false) })),
    );
    renderApp('/dashboard/settings/plan');
    expect((await screen.findByTestId('plan-owner-only')).textContent).toBe(
      "Only the gym's owner can change the plan. Ask them if your gym needs a bigger one.",
    );
    expect(screen.queryAllByRole('button', { name: /^(Upgrade|Move)/ })).toHaveLength(0);
  });
});
