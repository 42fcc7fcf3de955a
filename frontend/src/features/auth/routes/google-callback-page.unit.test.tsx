// @vitest-environment jsdom
import { signInMethodRoutes } from '@akhada/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { meIs, notificationsAre } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aToken, aUser, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { setLanguage } from '../../../lib/i18n';
import { clearToken } from '../../../lib/auth/token-store';
import { GOOGLE_FLOW_KEY } from '../api/google';

const FLOW = '0b9c6c8e-3f61-4d0e-9d43-6a1f1c2b7e55';
const TICKET = 't'.repeat(43);
const owner = aUser({ role: 'owner', firstName: 'Asha', lastName: 'Verma', fullName: 'Asha Verma', email: 'asha@example.in', locations: [PUNE] });
const anythingElse = () => http.all('/api/*', () => problem(503, 'SERVICE_UNAVAILABLE', 'Not in this test'));
const confirmLinkAnswer = () =>
  on(signInMethodRoutes.googleCallback, () =>
    reply(signInMethodRoutes.googleCallback, 200, { success: true, data: { outcome: 'confirm-link', linkTicket: TICKET, email: 'asha@example.in' } }),
  );

// Issue 31: the callback of a Google account not linked yet no longer signs in; it asks for the account's password.
describe('Google callback page: "Confirm it\'s you"', () => {
  // The first test ends signed in: the next one starts from the sign-in side, as a new visitor's browser would.
  afterEach(() => clearToken('signed-out'));

  it('asks for the Akhada password, then the two-factor code, before Google is linked and the account signs in', async () => {
    sessionStorage.setItem(GOOGLE_FLOW_KEY, FLOW);
    const sessionToken = aToken();
    const sent: unknown[] = [];
    server.use(
      confirmLinkAnswer(),
      on(signInMethodRoutes.googleLink, async ({ request }) => {
        const body = (await request.json()) as { password: string; twoFactorCode?: string };
        sent.push(body);
        if (body.password !== 'correct horse battery')
          return problem(401, 'WRONG_PASSWORD', 'Your password is incorrect', [{ path: 'password', message: 'Your password is incorrect' }]);
        if (!body.twoFactorCode) return problem(401, 'TWO_FACTOR_REQUIRED', 'Enter the 6-digit code from your authenticator app.');
        return reply(signInMethodRoutes.googleLink, 200, {
          success: true,
          data: { user: owner, token: sessionToken, expiresAt: new Date(Date.now() + 900_000).toISOString() },
        });
      }),
      meIs(owner),
      ...notificationsAre([]),
      anythingElse(),
    );
    // Signed in, the app goes on to the dashboard: its first reads must start inside this test (else the next test
    // sees them as its own unanswered requests).
    const started: string[] = [];
    server.events.on('request:start', ({ request }) => void started.push(new URL(request.url).pathname));
    const { user } = renderApp('/auth/google/callback?code=abc&state=xyz', { signedIn: false });
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    expect(screen.getByText('Enter your Akhada password to link Google')).toBeTruthy();
    expect(screen.getByTestId('google-link-email').textContent).toBe('Google account: asha@example.in');
    expect(localStorage.getItem('token')).toBeNull();

    await user.type(screen.getByTestId('google-link-password'), 'a wrong guess');
    await user.click(screen.getByTestId('google-link-submit'));
    expect(await screen.findByText('Your password is incorrect')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();

    await user.clear(screen.getByTestId('google-link-password'));
    await user.type(screen.getByTestId('google-link-password'), 'correct horse battery');
    await user.click(screen.getByTestId('google-link-submit'));
    await user.type(await screen.findByTestId('google-link-code'), '123456');
    await user.click(screen.getByTestId('google-link-submit'));
    await waitFor(() => expect(localStorage.getItem('token')).toBe(sessionToken));
    await waitFor(() => expect(started).toEqual(expect.arrayContaining(['/api/dashboard/overview', '/api/notifications/unread-count', '/api/notifications'])));
    expect(sent).toEqual([
      { linkTicket: TICKET, password: 'a wrong guess' },
      { linkTicket: TICKET, password: 'correct horse battery' },
      { linkTicket: TICKET, password: 'correct horse battery', twoFactorCode: '123456' },
    ]);
  });

  it('says when the confirmation is over, in Hindi too', async () => {
    sessionStorage.setItem(GOOGLE_FLOW_KEY, FLOW);
    server.use(
      confirmLinkAnswer(),
      on(signInMethodRoutes.googleLink, () =>
        problem(400, 'GOOGLE_LINK_EXPIRED', 'This Google sign-in has expired or was already used. Please start again from the sign-in page.'),
      ),
    );
    await setLanguage('hi');
    try {
      const { user } = renderApp('/auth/google/callback?code=abc&state=xyz', { signedIn: false });
      expect(await screen.findByRole('heading', { name: 'पुष्टि करें कि यह आप ही हैं' })).toBeTruthy();
      await user.type(screen.getByTestId('google-link-password'), 'correct horse battery');
      await user.click(screen.getByTestId('google-link-submit'));
      expect((await screen.findByTestId('google-callback-error')).textContent).toBe(
        'यह गूगल साइन-इन समाप्त हो गया है या पहले ही इस्तेमाल हो चुका है। साइन-इन पेज से फिर से शुरू करें।',
      );
    } finally {
      await setLanguage('en');
    }
  });
});
