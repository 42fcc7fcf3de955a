// @vitest-environment jsdom
import { paymentsRoutes } from '@akhada/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { meIs, notificationsAre } from '../../../testing/app-handlers';
import { on, reply } from '../../../testing/contract-handlers';
import { aUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const unset = {
  configured: false,
  keyId: null,
  keySecretLast4: null,
  webhookSecretSet: false,
  webhookUrl: 'https://app.test/api/payments/razorpay/webhook',
  updatedAt: null,
};

describe('settings → Integrations', () => {
  it('lets the owner connect Razorpay; the secret is sent once and shown back only by its last 4 characters', async () => {
    const sent: unknown[] = [];
    server.use(
      meIs(aUser()),
      ...notificationsAre([]),
      on(paymentsRoutes.razorpayIntegration, () => reply(paymentsRoutes.razorpayIntegration, 200, { success: true, data: unset })),
      on(paymentsRoutes.putRazorpayIntegration, async ({ request }) => {
        sent.push(await request.json());
        return reply(paymentsRoutes.putRazorpayIntegration, 200, {
          success: true,
          data: { ...unset, configured: true, keyId: 'rzp_live_Abcdef1234', keySecretLast4: 'wxyz', updatedAt: new Date().toISOString() },
        });
      }),
    );
    const { user } = renderApp('/dashboard/settings?tab=integrations');
    expect((await screen.findByTestId('razorpay-status')).textContent).toBe('Not connected: members cannot pay online yet.');
    const form = screen.getByTestId('razorpay-form');
    await user.type(within(form).getByLabelText(/Key id/), 'rzp_live_Abcdef1234');
    await user.type(within(form).getByLabelText(/Key secret/), 'secret-secret-wxyz');
    await user.click(screen.getByTestId('razorpay-save'));
    expect(await screen.findByTestId('razorpay-saved')).toBeTruthy();
    expect(sent).toEqual([{ keyId: 'rzp_live_Abcdef1234', keySecret: 'secret-secret-wxyz' }]);
    const status = screen.getByTestId('razorpay-status').textContent!;
    expect(status).toContain('••••wxyz');
    expect(document.body.textContent).not.toContain('secret-secret-wxyz');
  });

  it('tells an admin only the owner sees the payment keys', async () => {
    server.use(meIs(aUser({ role: 'admin' })), ...notificationsAre([]));
    renderApp('/dashboard/settings?tab=integrations');
    expect((await screen.findByTestId('razorpay-owner-only')).textContent).toBe("Only the gym's owner can see and change the payment keys.");
  });
});
