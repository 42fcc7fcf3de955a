// @vitest-environment jsdom
import { authRoutes } from '@akhada/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/setup';
import { membersAre, notificationsAre } from '../../testing/app-handlers';
import { on, problem, reply } from '../../testing/contract-handlers';
import { aUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { dashboardIs } from '../../testing/dashboard';

/** GET /auth/me answers with these, one per call, then keeps the last. */
function meAnswers(...answers: (() => Response)[]) {
  let calls = 0;
  return {
    calls: () => calls,
    handler: on(authRoutes.me, () => answers[Math.min(calls++, answers.length - 1)]!()),
  };
}
const tooMany = () => {
  const r = problem(429, 'RATE_LIMITED', 'Too many requests, please slow down');
  r.headers.set('Retry-After', '1');
  return r;
};
const ok = () => reply(authRoutes.me, 200, { success: true, data: { user: aUser({ firstName: 'Asha' }) } });

describe('session check', () => {
  it('keeps the user signed in through a 429, says so, and opens the page when the retry succeeds', async () => {
    const me = meAnswers(tooMany, ok);
    server.use(me.handler, ...notificationsAre([]), membersAre([]), dashboardIs());
    renderApp('/dashboard');
    const banner = await screen.findByTestId('session-retry');
    expect(banner.textContent).toContain('Akhada is getting too many requests from your network right now.');
    expect(banner.textContent).toContain('You are still signed in.');
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    // Retry-After: 1 → tried again after a second, without a click.
    expect(await screen.findByRole('heading', { name: 'Welcome back, Asha!' })).toBeTruthy();
    expect(me.calls()).toBe(2);
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('keeps the session when the server is down, and Try now checks again at once', async () => {
    const me = meAnswers(() => problem(503, 'SERVICE_UNAVAILABLE', 'auth is not available'), ok);
    server.use(me.handler, ...notificationsAre([]), membersAre([]));
    const { user } = renderApp('/dashboard/notifications');
    expect((await screen.findByTestId('session-retry')).textContent).toContain('sign-in service is not answering');
    await user.click(screen.getByRole('button', { name: 'Try now' }));
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
    expect(me.calls()).toBe(2);
  });

  it('ends the session on a 401 only, and the sign-in page says why', async () => {
    server.use(on(authRoutes.me, () => problem(401, 'SESSION_REVOKED', 'Your session has ended')));
    renderApp('/dashboard/members');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect((await screen.findByTestId('login-note')).textContent).toContain('Your session has ended. Please sign in again.');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
