// @vitest-environment jsdom
import type { Role } from '@akhada/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/setup';
import { meIs, notificationsAre } from '../../testing/app-handlers';
import { aToken, aUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { AppProvider } from '../provider';
import { createQueryClient } from '../../lib/query-client';
import { ProtectedRoute } from '../routes/guards';

const navOf = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
};

describe('sidebar by role', () => {
  it('shows owners and admins every screen of the gym (the audit trail to owners only)', async () => {
    for (const role of ['owner', 'admin'] as Role[]) {
      server.use(meIs(aUser({ role })), ...notificationsAre([]));
      const view = renderApp('/dashboard/notifications');
      expect((await navOf()).map(([label]) => label)).toEqual([
        'Dashboard',
        'Members',
        'Enquiries',
        'Campaigns',
        'Automations',
        'Trainers',
        'Payments',
        'Inventory',
        'Point of Sale',
        'Classes',
        'Attendance',
        'Chat',
        'Feedback',
        'Settings',
        ...(role === 'owner' ? ['Audit trail'] : []),
      ]);
      view.unmount();
    }
  });

  it('shows a trainer their clients, schedule, classes and appointments beside members, enquiries and trainers', async () => {
    server.use(meIs(aUser({ role: 'trainer' })), ...notificationsAre([]));
    renderApp('/dashboard/notifications');
    expect(await navOf()).toEqual([
      ['Dashboard', '/dashboard'],
      ['My clients', '/dashboard/my-clients'],
      ['My schedule', '/dashboard/my-schedule'],
      ['My classes', '/dashboard/my-classes'],
      ['My appointments', '/dashboard/my-appointments'],
      ['Members', '/dashboard/members'],
      ['Enquiries', '/dashboard/enquiries'],
      ['Trainers', '/dashboard/trainers'],
      ['Inventory', '/dashboard/inventory'],
      ['Chat', '/dashboard/chat'],
      ['Feedback', '/dashboard/feedback'],
      ['Settings', '/dashboard/settings'],
    ]);
  });

  it('shows a member only their own pages', async () => {
    server.use(meIs(aUser({ role: 'member' })), ...notificationsAre([]));
    renderApp('/dashboard/notifications');
    expect(await navOf()).toEqual([
      ['My membership', '/dashboard/me'],
      ['My QR code', '/dashboard/me/qr'],
      ['My progress', '/dashboard/me/progress'],
      ['My trainer', '/dashboard/me/trainer'],
      ['My payments', '/dashboard/me/payments'],
      ['Shop', '/dashboard/me/shop'],
      ['Book a class', '/dashboard/me/classes'],
      ['My bookings', '/dashboard/me/bookings'],
      ['Personal training', '/dashboard/me/sessions'],
      ['Events', '/dashboard/me/events'],
      ['Chat', '/dashboard/chat'],
      ['Feedback', '/dashboard/feedback'],
      ['Settings', '/dashboard/settings'],
    ]);
  });
});

/** Where the guard lets the user stay: the address, shown by a stand-in for every page. */
function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

/** The real session and guard around stand-in pages (the screens of other parts are not needed to see where one lands). */
function renderGuarded(path: string) {
  localStorage.setItem('token', aToken());
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider queryClient={createQueryClient()}>
        <Routes>
          <Route path="/dashboard" element={<ProtectedRoute />}>
            <Route index element={<Where />} />
            <Route path="*" element={<Where />} />
          </Route>
        </Routes>
      </AppProvider>
    </MemoryRouter>,
  );
}

describe('route guard by role', () => {
  const landsOn = async (role: Role, path: string, pending?: boolean) => {
    server.use(meIs(aUser({ role, ...(pending ? { pending } : {}) })));
    const view = renderGuarded(path);
    const where = (await screen.findByTestId('where')).textContent;
    view.unmount();
    return where;
  };

  it('sends a member from a staff screen, or the dashboard, to their own membership', async () => {
    expect(await landsOn('member', '/dashboard')).toBe('/dashboard/me');
    expect(await landsOn('member', '/dashboard/members')).toBe('/dashboard/me');
    expect(await landsOn('member', '/dashboard/me/progress')).toBe('/dashboard/me/progress');
  });

  it('sends a trainer from a staff-only screen to the dashboard, and lets them open members and their colleagues', async () => {
    expect(await landsOn('trainer', '/dashboard/trainers')).toBe('/dashboard/trainers');
    expect(await landsOn('trainer', '/dashboard/payments')).toBe('/dashboard');
    expect(await landsOn('trainer', '/dashboard/members')).toBe('/dashboard/members');
  });

  it('lets an owner stay anywhere', async () => {
    expect(await landsOn('owner', '/dashboard/trainers')).toBe('/dashboard/trainers');
  });

  it('keeps an account awaiting approval on the waiting page', async () => {
    expect(await landsOn('trainer', '/dashboard/members', true)).toBe('/dashboard/pending');
  });
});
