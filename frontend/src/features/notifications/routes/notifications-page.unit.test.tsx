// @vitest-environment jsdom
import { notificationRoutes } from '@akhada/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { meIs, notificationListReply, notificationsAre } from '../../../testing/app-handlers';
import { barrier, on, problem } from '../../../testing/contract-handlers';
import { aNotification } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const items = [
  aNotification({ title: 'New member', message: 'Rohan Patil joined Akhada Pune' }),
  aNotification({
    title: 'Membership expired',
    message: 'Imran Shaikh’s membership ended',
    type: 'membership',
    status: 'read',
    readAt: new Date().toISOString(),
  }),
];

/** The page asks for 20 a page; the bell in the top bar for 10 (answered at once here). */
const isPageRequest = (request: Request) => new URL(request.url).searchParams.get('limit') === '20';

describe('notifications page', () => {
  it('says it is loading, then lists the notifications with their counts', async () => {
    const gate = barrier();
    const service = notificationsAre(items);
    const list = notificationListReply(items);
    // The first handler that matches answers: the held-back list goes before the service's own.
    server.use(
      on(notificationRoutes.list, async (info) => {
        if (isPageRequest(info.request)) await gate.released;
        return list(info);
      }),
      meIs(),
      ...service,
    );
    renderApp('/dashboard/notifications');
    expect(await screen.findByText('Loading notifications...')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Notification list' })).toBeNull();
    gate.release();
    const listEl = await screen.findByRole('list', { name: 'Notification list' });
    expect(within(listEl).getByText('Rohan Patil joined Akhada Pune')).toBeTruthy();
    expect(within(listEl).getAllByRole('listitem')).toHaveLength(2);
    expect((await screen.findByTestId('unread-summary')).textContent).toContain('1 unread');
  });

  it('says there is nothing yet', async () => {
    server.use(meIs(), ...notificationsAre([]));
    renderApp('/dashboard/notifications');
    expect(await screen.findByText('No notifications found')).toBeTruthy();
    expect(screen.getByText("You're all caught up!")).toBeTruthy();
    expect(screen.queryByTestId('unread-summary')).toBeNull();
  });

  it('says the service is not available, and Retry brings the list once it is back', async () => {
    let down = true;
    const service = notificationsAre(items);
    const list = notificationListReply(items);
    server.use(
      on(notificationRoutes.list, (info) =>
        down && isPageRequest(info.request) ? problem(503, 'SERVICE_UNAVAILABLE', 'notifications is not available') : list(info),
      ),
      meIs(),
      ...service,
    );
    const { user } = renderApp('/dashboard/notifications');
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toContain('This part of Akhada is not available right now');
    down = false;
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Rohan Patil joined Akhada Pune')).toBeTruthy();
  });
});
