// @vitest-environment jsdom
import { authRoutes, signInMethodRoutes, type SignInMethod } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { meIs, notificationsAre } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const GOOGLE_ID = '5d0f3a52-8a1e-4c55-9d7e-2f1b7c3e9a10';
const owner = aUser({ role: 'owner', email: 'asha@example.in' });
const password: SignInMethod = { id: 'password', kind: 'password', label: null, linkedAt: null, canUnlink: false };
const google: SignInMethod = { id: GOOGLE_ID, kind: 'google', label: 'asha@gmail.example', linkedAt: '2026-11-01T10:00:00.000Z', canUnlink: true };
const sms: SignInMethod = { id: 'sms', kind: 'sms', label: '•••••••210', linkedAt: '2026-11-02T10:00:00.000Z', canUnlink: false };
const twoFactorOn = () =>
  on(authRoutes.twoFactorStatus, () =>
    reply(authRoutes.twoFactorStatus, 200, {
      success: true,
      data: { enabled: true, method: 'sms', enabledAt: '2026-11-02T10:00:00.000Z', recoveryCodesLeft: 10, methods: ['sms'], smsPhone: '•••••••210' },
    }),
  );
const anythingElse = () => http.all('/api/*', () => problem(503, 'SERVICE_UNAVAILABLE', 'Not in this test'));

describe('Settings → Security (issue 31)', () => {
  it('lists the sign-in methods and unlinks Google; the password and SMS have no Unlink', async () => {
    const removed: string[] = [];
    server.use(
      meIs(owner),
      ...notificationsAre([]),
      twoFactorOn(),
      on(signInMethodRoutes.listSignInMethods, () => reply(signInMethodRoutes.listSignInMethods, 200, { success: true, data: [password, google, sms] })),
      on(signInMethodRoutes.unlinkSignInMethod, ({ params }) => {
        removed.push(String(params.id));
        return reply(signInMethodRoutes.unlinkSignInMethod, 200, { success: true, data: [password, sms], message: 'Google is unlinked' });
      }),
      anythingElse(),
    );
    const { user } = renderApp('/dashboard/settings?tab=security');
    const list = await screen.findByTestId('sign-in-methods', {}, { timeout: 10_000 });
    expect(within(list).getByTestId('sign-in-method-password').textContent).toContain('Your email and password');
    expect(within(list).getByTestId('sign-in-method-google').textContent).toContain('asha@gmail.example');
    expect(within(list).getByTestId('sign-in-method-sms').textContent).toContain('•••••••210');
    expect(within(list).getAllByRole('button', { name: /Unlink/ })).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: 'Unlink Google account asha@gmail.example' }));
    await waitFor(() => expect(within(screen.getByTestId('sign-in-methods')).queryByTestId('sign-in-method-google')).toBeNull());
    expect(removed).toEqual([GOOGLE_ID]);
  });

  it('asks for a current code with the password to turn two-factor off, and sends an SMS code with the password', async () => {
    const offBodies: unknown[] = [];
    const smsBodies: unknown[] = [];
    server.use(
      meIs(owner),
      ...notificationsAre([]),
      twoFactorOn(),
      on(signInMethodRoutes.listSignInMethods, () => reply(signInMethodRoutes.listSignInMethods, 200, { success: true, data: [password, sms] })),
      on(signInMethodRoutes.smsSignInCode, async ({ request }) => {
        smsBodies.push(await request.json());
        return reply(signInMethodRoutes.smsSignInCode, 200, {
          success: true,
          data: { phone: '•••••••210', expiresInSeconds: 300, resendAfterSeconds: 60 },
          message: 'We sent a code to your phone',
        });
      }),
      on(authRoutes.updateTwoFactor, async ({ request }) => {
        offBodies.push(await request.json());
        return problem(429, 'RATE_LIMITED', 'Too many attempts with a wrong current password. Please wait 42 seconds and try again.');
      }),
      anythingElse(),
    );
    const { user } = renderApp('/dashboard/settings?tab=security');
    await user.click(await screen.findByTestId('two-factor-turn-off', {}, { timeout: 10_000 }));
    // The password alone is not enough: the form asks for the code.
    await user.type(screen.getByTestId('two-factor-password'), 'correct horse battery');
    await user.click(screen.getByTestId('two-factor-off-submit'));
    expect(await screen.findByText('Current code is required')).toBeTruthy();
    expect(offBodies).toHaveLength(0);

    await user.click(screen.getByTestId('two-factor-off-sms'));
    await waitFor(() => expect(smsBodies).toEqual([{ email: 'asha@example.in', password: 'correct horse battery' }]));
    await user.type(screen.getByTestId('two-factor-off-code'), '123456');
    await user.click(screen.getByTestId('two-factor-off-submit'));
    expect(await screen.findByText('Too many attempts with a wrong current password. Please wait 42 seconds and try again.')).toBeTruthy();
    expect(offBodies).toEqual([{ enabled: false, method: 'totp', password: 'correct horse battery', code: '123456' }]);
    expect(screen.getByTestId('two-factor-on')).toBeTruthy();
  });
});
