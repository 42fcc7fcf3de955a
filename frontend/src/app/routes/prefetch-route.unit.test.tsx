// @vitest-environment jsdom
import { authRoutes, memberRoutes, notificationRoutes } from '@akhada/contracts';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/setup';
import { memberListReply, notificationListReply } from '../../testing/app-handlers';
import { on, reply } from '../../testing/contract-handlers';
import { anOverview, dashboardIs } from '../../testing/dashboard';
import { aMember, aNotification, aUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { routes } from '../router';
import { prefetchRouteData } from './prefetch-route';

/** Every request the app makes, by method and path with query. */
function recordRequests() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method} ${url.pathname}${url.search}`);
  });
  return seen;
}

const user = aUser();
const members = [aMember({ firstName: 'Kavita', lastName: 'Rao' })];
const notes = [aNotification({ message: 'Kavita Rao joined Akhada Pune' })];
const overview = anOverview({
  recentActivity: [
    {
      id: '0192d0c0-0000-7000-8000-000000000001',
      kind: 'member',
      at: '2026-11-24T06:00:00.000Z',
      locationId: null,
      personId: null,
      name: 'Kavita Rao',
      amountPaise: null,
      detail: 'basic',
    },
  ],
});
const service = () => [
  dashboardIs(overview),
  on(authRoutes.me, () => reply(authRoutes.me, 200, { success: true, data: { user } })),
  on(memberRoutes.list, memberListReply(members)),
  on(notificationRoutes.list, notificationListReply(notes)),
  on(notificationRoutes.unreadCount, () => reply(notificationRoutes.unreadCount, 200, { success: true, data: { unreadCount: 1 } })),
  on(notificationRoutes.stats, () => reply(notificationRoutes.stats, 200, { success: true, data: { unreadCount: 1, typeStats: [] } })),
];

describe('route loaders', () => {
  it('start the very queries the screens read: each request once, none again when the page renders', async () => {
    server.use(...service());
    const seen = recordRequests();
    renderApp('/dashboard/members?status=active');
    expect(await screen.findByText('Kavita Rao')).toBeTruthy();
    // The first 50 members, unfiltered: when they are all there are, the list filters them on the client (spec).
    expect(seen.filter((r) => r.startsWith('GET /api/members'))).toEqual(['GET /api/members?page=1&limit=50']);
    expect(seen.filter((r) => r === 'GET /api/notifications?page=1&limit=10')).toHaveLength(1);
    expect(seen.filter((r) => r === 'GET /api/notifications/unread-count')).toHaveLength(1);
  });

  it('give the staff dashboard its figures in one request and today’s classes in another, each once (the unread count is the bell’s)', async () => {
    server.use(...service());
    const seen = recordRequests();
    renderApp('/dashboard');
    expect(await screen.findByText('Kavita Rao joined')).toBeTruthy();
    expect(await screen.findByText('No classes today')).toBeTruthy();
    expect(seen.filter((r) => r.startsWith('GET /api/dashboard')).sort()).toEqual(['GET /api/dashboard/classes/today', 'GET /api/dashboard/overview']);
    expect(seen.filter((r) => r.startsWith('GET /api/members'))).toEqual([]);
    // Inventory has not landed: "—" and the reason, never a made-up number.
    expect(screen.getByTestId('stat-low-stock-value').textContent).toBe('—');
    expect(screen.getByTestId('stat-revenue-value').textContent).toBe('₹15,000');
  });

  it('build the request from the address and the user before any screen renders', async () => {
    server.use(...service());
    const seen = recordRequests();
    const client = new QueryClient();
    await prefetchRouteData(routes, client, { pathname: '/dashboard/notifications', search: '?tab=unread&page=2' }, user);
    await client
      .getQueryCache()
      .findAll()
      .reduce((p, q) => p.then(() => q.promise), Promise.resolve() as Promise<unknown>);
    expect(seen.sort()).toEqual([
      'GET /api/notifications/stats',
      'GET /api/notifications/unread-count',
      'GET /api/notifications?page=1&limit=10',
      'GET /api/notifications?page=2&limit=20&status=unread',
    ]);
  });
});
