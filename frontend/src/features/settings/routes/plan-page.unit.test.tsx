// @vitest-environment jsdom
import { authRoutes } from '@akhada/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { meIs, notificationsAre } from '../../../testing/app-handlers';
import { barrier, on, problem, reply } from '../../../testing/contract-handlers';
import { aUser, ORG_ID } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const DAY = 86_400_000;
const onTrial = (endsInMs: number) => ({
  _id: ORG_ID,
  name: 'Akhada Fitness',
  plan: 'free' as const,
  trialEndsAt: new Date(Date.now() + endsInMs).toISOString(),
  joinCode: 'AKHADA01',
});

describe('plan page', () => {
  it('shows the five plans with the current one marked, and lets the owner choose one', async () => {
    const sent: unknown[] = [];
    const gate = barrier();
    const owner = aUser({ organization: onTrial(5 * DAY) });
    server.use(
      meIs(owner),
      ...notificationsAre([]),
      on(authRoutes.choosePlan, async ({ request }) => {
        sent.push(await request.json());
        await gate.released;
        return reply(authRoutes.choosePlan, 200, { success: true, data: { organization: { ...owner.organization, plan: 'pro', trialEndsAt: null } } });
      }),
    );
    const { user } = renderApp('/dashboard/settings/plan');
    const list = await screen.findByRole('list', { name: 'Plans' });
    const cards = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('plan-card'));
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Free Trial', 'Mini Starter', 'Starter', 'Pro', 'Enterprise']);
    const free = screen.getByTestId('plan-free');
    expect(free.getAttribute('aria-current')).toBe('true');
    expect(within(free).getByText('Current plan')).toBeTruthy();
    expect(within(screen.getByTestId('plan-mini')).getByText('₹999 / month')).toBeTruthy();
    expect(within(screen.getByTestId('plan-mini')).getByText('Up to 25 members')).toBeTruthy();
    expect(within(screen.getByTestId('plan-mini')).getByText('1 trainer')).toBeTruthy();
    expect(within(screen.getByTestId('plan-pro')).getByText('₹5,000 / month')).toBeTruthy();
    expect(within(screen.getByTestId('plan-enterprise')).getByText('450+ members, sized to your gyms')).toBeTruthy();
    expect(screen.getByTestId('plan-trial').textContent).toContain('Your free trial ends on');
    expect(screen.getByTestId('plan-billing').textContent).toBe(
      'Billing for a chosen plan starts with your next invoice. Nothing is charged when you choose a plan here.',
    );
    expect(within(free).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Choose Pro' }));
    expect(await screen.findByRole('button', { name: 'Choosing…' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Choose Starter' }) as HTMLButtonElement).disabled).toBe(true);
    gate.release();
    expect((await screen.findByTestId('plan-success')).textContent).toBe('Your gym is on the Pro plan now.');
    expect(sent).toEqual([{ plan: 'pro' }]);
    expect(screen.getByTestId('plan-pro').getAttribute('aria-current')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Choose Pro' })).toBeNull();
    expect(screen.queryByTestId('plan-trial')).toBeNull();
  });

  it('says the trial has ended, and shows a refusal', async () => {
    server.use(
      meIs(aUser({ organization: onTrial(-2 * DAY) })),
      ...notificationsAre([]),
      on(authRoutes.choosePlan, () => problem(403, 'FORBIDDEN', 'Only the owner can choose the plan')),
    );
    const { user } = renderApp('/dashboard/settings/plan');
    expect((await screen.findByTestId('plan-trial')).textContent).toContain('Your gym is read-only until you choose a plan.');
    await user.click(screen.getByRole('button', { name: 'Choose Starter' }));
    expect((await screen.findByTestId('plan-error')).textContent).toBe('Only the owner can choose the plan');
    expect(screen.getByTestId('plan-free').getAttribute('aria-current')).toBe('true');
  });

  it('shows staff who are not the owner the plan, and who can change it, without Choose buttons', async () => {
    server.use(meIs(aUser({ role: 'admin', organization: onTrial(3 * DAY) })), ...notificationsAre([]));
    renderApp('/dashboard/settings/plan');
    expect((await screen.findByTestId('plan-owner-only')).textContent).toBe(
      "Only the gym's owner can change the plan. Ask them if your gym needs a bigger one.",
    );
    expect(screen.getByTestId('plan-free').getAttribute('aria-current')).toBe('true');
    expect(screen.queryAllByRole('button', { name: /^Choose/ })).toHaveLength(0);
  });
});
