// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { meIs, notificationsAre } from '../../../testing/app-handlers';
import { aNotification } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

const registered = aNotification({
  title: 'New member registered',
  message: 'Riya Singh joined: Annual membership.',
  category: 'member_registered',
  titleKey: 'notifications.member_registered.title',
  messageKey: 'notifications.member_registered.message',
  actionKey: 'notifications.action.view',
  actionUrl: '/dashboard/members/0195d6a4-0000-7000-8000-000000000001',
  actionText: 'View',
  params: { first: 'Riya', last: 'Singh', membershipType: 'Annual' },
});

describe('notifications in the reader’s language', () => {
  it('renders title, message, category and action from the template keys in Hindi', async () => {
    await setLanguage('hi');
    try {
      server.use(meIs(), ...notificationsAre([registered]));
      renderApp('/dashboard/notifications');
      const row = await screen.findByTestId('notification-row');
      await waitFor(() => expect(row.textContent).toContain('नया सदस्य पंजीकृत'));
      expect(row.textContent).toContain('Riya Singh जुड़े: Annual सदस्यता।');
      expect(row.textContent).toContain('सदस्य पंजीकृत');
      expect(row.textContent).toContain('देखें');
      expect(row.textContent).not.toContain('New member registered');
    } finally {
      await setLanguage('en');
    }
  });

  it('falls back to the stored English text for a notification without keys', async () => {
    const old = aNotification({ title: 'Old style', message: 'No keys here', category: 'legacy_thing' });
    server.use(meIs(), ...notificationsAre([old]));
    renderApp('/dashboard/notifications');
    const row = await screen.findByTestId('notification-row');
    expect(row.textContent).toContain('Old style');
    expect(row.textContent).toContain('legacy thing');
  });
});
