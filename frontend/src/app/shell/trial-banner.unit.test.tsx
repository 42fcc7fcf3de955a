// @vitest-environment jsdom
import { authRoutes, notificationRoutes, type User } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/setup';
import { meIs, notificationsAre } from '../../testing/app-handlers';
import { on, problem, reply } from '../../testing/contract-handlers';
import { aNotification, aUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { setLanguage } from '../../lib/i18n';
import { trialStateOf } from './trial-banner';

const DAY = 86_400_000;
const TRIAL_ENDED = 'Your free trial has ended. Choose a plan to keep making changes.';
const onFree = (trialEndsAt: number, overrides: Partial<User> = {}) =>
  aUser({ ...overrides, organization: { ...aUser().organization, plan: 'free', trialEndsAt: new Date(trialEndsAt).toISOString() } });

describe('trial state', () => {
  it('is ended once the trial end has passed, counts days left before (a part of a day is a day), and is nothing on a paid plan', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(trialStateOf({ plan: 'free', trialEndsAt: '2026-03-10T11:59:59Z' }, now)).toEqual({ kind: 'ended' });
    expect(trialStateOf({ plan: 'free', trialEndsAt: '2026-03-10T12:00:00Z' }, now)).toEqual({ kind: 'ended' });
    expect(trialStateOf({ plan: 'free', trialEndsAt: '2026-03-10T13:00:00Z' }, now)).toEqual({ kind: 'trial', daysLeft: 1 });
    expect(trialStateOf({ plan: 'free', trialEndsAt: '2026-03-13T12:00:00Z' }, now)).toEqual({ kind: 'trial', daysLeft: 3 });
    expect(trialStateOf({ plan: 'starter', trialEndsAt: null }, now)).toBeNull();
    expect(trialStateOf({ plan: 'free', trialEndsAt: null }, now)).toBeNull();
  });
});

describe('trial banner', () => {
  it('tells the owner the trial has ended, with a link to choose a plan', async () => {
    server.use(meIs(onFree(Date.now() - DAY)), ...notificationsAre([]));
    renderApp('/dashboard/notifications');
    const banner = await screen.findByTestId('trial-banner');
    expect(banner.textContent).toContain(TRIAL_ENDED);
    expect(within(banner).getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/dashboard/settings/plan');
    expect(banner.textContent).not.toContain('Ask the gym owner');
  });

  it('tells anyone else to ask the owner, without the link', async () => {
    server.use(meIs(onFree(Date.now() - DAY, { role: 'admin' })), ...notificationsAre([]));
    renderApp('/dashboard/notifications');
    const banner = await screen.findByTestId('trial-banner');
    expect(banner.textContent).toContain(TRIAL_ENDED);
    expect(banner.textContent).toContain('Ask the gym owner to choose a plan.');
    expect(within(banner).queryByRole('link')).toBeNull();
  });

  it('counts the days left of a running trial, quietly', async () => {
    server.use(meIs(onFree(Date.now() + 3 * DAY - 60_000)), ...notificationsAre([]));
    renderApp('/dashboard/notifications');
    expect((await screen.findByTestId('trial-notice')).textContent).toContain('Free trial: 3 days left');
    expect(screen.queryByTestId('trial-banner')).toBeNull();
  });

  it('says nothing on a paid plan', async () => {
    server.use(meIs(aUser()), ...notificationsAre([]));
    renderApp('/dashboard/notifications');
    await screen.findByTestId('sidebar');
    expect(screen.queryByTestId('trial-banner')).toBeNull();
    expect(screen.queryByTestId('trial-notice')).toBeNull();
  });

  it('in Hindi too', async () => {
    await setLanguage('hi');
    try {
      server.use(meIs(onFree(Date.now() - DAY, { role: 'trainer' })), ...notificationsAre([]));
      renderApp('/dashboard/notifications');
      const banner = await screen.findByTestId('trial-banner');
      await waitFor(() => expect(banner.textContent).toContain('जिम के मालिक से प्लान चुनने को कहें।'));
      expect(banner.textContent).toContain('आपका फ्री ट्रायल खत्म हो गया है।');
    } finally {
      await setLanguage('en');
    }
  });
});

describe('a change refused with 402 TRIAL_ENDED', () => {
  it('shows the server’s message, is not retried, and reads the session again (a plan bought meanwhile lifts the banner)', async () => {
    let meCalls = 0;
    let markAllCalls = 0;
    let bought = false;
    const ended = onFree(Date.now() - DAY);
    const paid = aUser();
    server.use(
      on(authRoutes.me, () => {
        meCalls += 1;
        return reply(authRoutes.me, 200, { success: true, data: { user: bought ? paid : ended } });
      }),
      on(notificationRoutes.markAllRead, () => {
        markAllCalls += 1;
        // The owner bought a plan in another tab just now: this refusal is the last one.
        bought = true;
        return problem(402, 'TRIAL_ENDED', TRIAL_ENDED);
      }),
      ...notificationsAre([aNotification()]),
    );
    const { user } = renderApp('/dashboard/notifications');
    await screen.findByTestId('trial-banner');
    expect(meCalls).toBe(1);
    await user.click(await screen.findByTestId('mark-all-read'));
    const toast = await screen.findByTestId('toast-error');
    expect(toast.textContent).toContain(TRIAL_ENDED);
    await waitFor(() => expect(meCalls).toBe(2));
    await waitFor(() => expect(screen.queryByTestId('trial-banner')).toBeNull());
    expect(markAllCalls).toBe(1);
  });
});
