// @vitest-environment jsdom
import { DEFAULT_NOTIFICATION_PREFERENCES, notificationRoutes, type NotificationSettings } from '@akhada/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meIs, notificationsAre } from '../../../testing/app-handlers';
import { on, reply } from '../../../testing/contract-handlers';
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
    expect(saved).toEqual({
      notifications: {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        payment: { ...DEFAULT_NOTIFICATION_PREFERENCES.payment, enabled: false },
        attendance: { enabled: true, channels: { inApp: true, email: true, sms: false } },
      },
      language: 'en',
    });
  });
});
