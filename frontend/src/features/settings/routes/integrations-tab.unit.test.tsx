// @vitest-environment jsdom
import { integrationRoutes, paymentsRoutes, type MessagingSettings } from '@akhada/contracts';
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

const platform: MessagingSettings = {
  email: {
    custom: false,
    host: null,
    port: null,
    security: null,
    username: null,
    password: { set: false, last4: null },
    fromName: null,
    fromAddress: null,
    lastTest: null,
  },
  sms: { custom: false, provider: null, sender: null, apiKey: { set: false, last4: null }, lastTest: null },
};
/** The mail and WhatsApp settings (platform default) and no webhooks. */
const integrationsAre = (messaging: MessagingSettings = platform) => [
  on(integrationRoutes.messaging, () => reply(integrationRoutes.messaging, 200, { success: true, data: messaging })),
  on(integrationRoutes.listWebhooks, () => reply(integrationRoutes.listWebhooks, 200, { success: true, data: [] })),
];

describe('settings → Integrations', () => {
  it('lets the owner connect Razorpay; the secret is sent once and shown back only by its last 4 characters', async () => {
    const sent: unknown[] = [];
    server.use(
      meIs(aUser()),
      ...notificationsAre([]),
      ...integrationsAre(),
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
    // Issue 31: the webhook secret is required (Razorpay signs its webhooks with it), and the form says why
    expect(within(form).getByText(/Razorpay signs every webhook with it/)).toBeTruthy();
    await user.click(screen.getByTestId('razorpay-save'));
    expect(await within(form).findByText('Enter the webhook secret you set in Razorpay')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(within(form).getByLabelText(/Webhook secret/), 'hook-secret-1234');
    await user.click(screen.getByTestId('razorpay-save'));
    expect(await screen.findByTestId('razorpay-saved')).toBeTruthy();
    expect(sent).toEqual([{ keyId: 'rzp_live_Abcdef1234', keySecret: 'secret-secret-wxyz', webhookSecret: 'hook-secret-1234' }]);
    const status = screen.getByTestId('razorpay-status').textContent!;
    expect(status).toContain('••••wxyz');
    expect(document.body.textContent).not.toContain('secret-secret-wxyz');
  });

  it('tells an admin only the owner sees the payment keys', async () => {
    server.use(meIs(aUser({ role: 'admin' })), ...notificationsAre([]), ...integrationsAre());
    renderApp('/dashboard/settings?tab=integrations');
    expect((await screen.findByTestId('razorpay-owner-only')).textContent).toBe("Only the gym's owner can see and change the payment keys.");
    // Webhooks are the owner's; the mail server is an admin's too.
    expect(await screen.findByTestId('email-form')).toBeTruthy();
    expect(screen.queryByTestId('webhook-form')).toBeNull();
  });

  it('saves the gym’s mail server with the password sent once and masked after, and shows a send test’s problem in plain words', async () => {
    const sent: unknown[] = [];
    const saved: MessagingSettings = {
      ...platform,
      email: {
        custom: true,
        host: 'smtp.gym.in',
        port: 587,
        security: 'starttls',
        username: 'desk',
        password: { set: true, last4: '4321' },
        fromName: 'Shakti',
        fromAddress: 'desk@gym.in',
        lastTest: null,
      },
    };
    server.use(
      meIs(aUser()),
      ...notificationsAre([]),
      ...integrationsAre(),
      on(paymentsRoutes.razorpayIntegration, () => reply(paymentsRoutes.razorpayIntegration, 200, { success: true, data: unset })),
      on(integrationRoutes.putEmail, async ({ request }) => {
        sent.push(await request.json());
        return reply(integrationRoutes.putEmail, 200, { success: true, data: saved });
      }),
      on(integrationRoutes.testEmail, () =>
        reply(integrationRoutes.testEmail, 502, {
          success: false,
          code: 'SMTP_AUTH_FAILED',
          error: 'Bad Gateway',
          message: 'The mail server refused the user name or password.',
        }),
      ),
    );
    const { user } = renderApp('/dashboard/settings?tab=integrations');
    const form = await screen.findByTestId('email-form');
    await user.type(within(form).getByTestId('smtp-host'), 'smtp.gym.in');
    await user.type(within(form).getByTestId('smtp-username'), 'desk');
    await user.type(within(form).getByTestId('smtp-password'), 'pass-4321');
    await user.type(within(form).getByTestId('smtp-from-name'), 'Shakti');
    await user.type(within(form).getByTestId('smtp-from-address'), 'desk@gym.in');
    await user.click(screen.getByTestId('email-save'));
    expect(await screen.findByTestId('email-saved')).toBeTruthy();
    expect(sent).toEqual([
      { host: 'smtp.gym.in', port: 587, security: 'starttls', username: 'desk', password: 'pass-4321', fromName: 'Shakti', fromAddress: 'desk@gym.in' },
    ]);
    expect(screen.getByTestId('email-status').textContent).toContain('Your mail server');
    expect((within(form).getByTestId('smtp-password') as HTMLInputElement).value).toBe('');

    await user.type(screen.getByTestId('email-test-to'), 'owner@gym.in');
    await user.click(screen.getByTestId('email-test-send'));
    expect((await screen.findByTestId('email-test-error')).textContent).toBe('The mail server refused the user name or password.');
  });
});
