// @vitest-environment jsdom
import { audienceRoutes, DEFAULT_NOTIFICATION_PREFERENCES, notificationRoutes, type NotificationSettings } from '@akhada/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meIs, notificationsAre } from '../../../testing/app-handlers';
import { on, reply } from '../../../testing/contract-handlers';
import { aUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

describe('settings → Notifications', () => {
  it('shows the server’s preferences, hides channels of a category turned off, and saves to the server with “Settings saved!”', async () => {
    let saved: NotificationSettings | null = null;
    server.use(
      meIs(),
      ...notificationsAre([]),
      on(notificationRoutes.preferences, () =>
        reply(notificationRoutes.preferences, 200, { success: true, data: { notifications: DEFAULT_NOTIFICATION_PREFERENCES, language: 'en' } }),
      ),
      on(notificationRoutes.updatePreferences, async ({ request }) => {
        saved = (await request.json()) as NotificationSettings;
        return reply(notificationRoutes.updatePreferences, 200, { success: true, data: saved, message: 'Settings saved!' });
      }),
    );
    renderApp('/dashboard/settings?tab=notifications');
    const email = (await screen.findByTestId('pref-system-email')) as HTMLInputElement;
    expect(email.checked).toBe(true);
    expect((screen.getByTestId('pref-payment-email') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByTestId('pref-payment-enabled'));
    expect(screen.queryByTestId('pref-payment-inApp')).toBeNull();
    fireEvent.click(screen.getByTestId('pref-attendance-email'));
    fireEvent.click(screen.getByTestId('prefs-save'));
    expect((await screen.findByTestId('prefs-saved')).textContent).toContain('Settings saved!');
    // Staff have no WhatsApp consent switch (it is the members').
    expect(screen.queryByTestId('whatsapp-consent')).toBeNull();
    expect(saved).toEqual({
      notifications: {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        payment: { ...DEFAULT_NOTIFICATION_PREFERENCES.payment, enabled: false },
        attendance: { enabled: true, channels: { inApp: true, email: true, sms: false } },
      },
      language: 'en',
    });
  });

  it('a member gives WhatsApp consent with the number on record, and sees when; staff see no such switch', async () => {
    let body: unknown = null;
    const prefs = on(notificationRoutes.preferences, () =>
      reply(notificationRoutes.preferences, 200, { success: true, data: { notifications: DEFAULT_NOTIFICATION_PREFERENCES, language: 'en' } }),
    );
    server.use(
      meIs(aUser({ role: 'member' })),
      ...notificationsAre([]),
      prefs,
      // The member's marketing choices sit under their preferences (campaigns' own test covers them).
      on(audienceRoutes.myMarketingConsent, () =>
        reply(audienceRoutes.myMarketingConsent, 200, {
          success: true,
          data: { personId: crypto.randomUUID(), kind: 'member', name: 'Asha Verma', channels: [], history: [] },
        }),
      ),
      on(notificationRoutes.consent, () =>
        reply(notificationRoutes.consent, 200, {
          success: true,
          data: { granted: false, phone: '+91 98765 43210', grantedAt: null, method: null, withdrawnAt: null },
        }),
      ),
      on(notificationRoutes.updateConsent, async ({ request }) => {
        body = await request.json();
        return reply(notificationRoutes.updateConsent, 200, {
          success: true,
          data: { granted: true, phone: '+91 98765 43210', grantedAt: '2026-11-24T10:00:00.000Z', method: 'settings_toggle', withdrawnAt: null },
        });
      }),
    );
    renderApp('/dashboard/settings?tab=notifications');
    const toggle = await screen.findByTestId('whatsapp-consent-toggle');
    expect((screen.getByTestId('whatsapp-consent-phone') as HTMLInputElement).value).toBe('+91 98765 43210');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('whatsapp-consent-status').textContent).toContain('+91 98765 43210'));
    expect(body).toEqual({ granted: true, phone: '+91 98765 43210' });
  });
});
