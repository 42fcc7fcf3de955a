// @vitest-environment jsdom
import { authRoutes } from '@akhada/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/setup';
import { membersAre, notificationsAre } from '../../testing/app-handlers';
import { on, reply } from '../../testing/contract-handlers';
import { aUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

const pendingTrainer = aUser({ role: 'trainer', pending: true, firstName: 'Arjun', lastName: 'Mehta', fullName: 'Arjun Mehta' });

describe('account awaiting approval', () => {
  it('sees only the waiting page, whatever it opens, and Check again lets it in once approved', async () => {
    let approved = false;
    let meCalls = 0;
    server.use(
      on(authRoutes.me, () => {
        meCalls += 1;
        return reply(authRoutes.me, 200, { success: true, data: { user: approved ? { ...pendingTrainer, pending: false } : pendingTrainer } });
      }),
      // What the trainer's dashboard asks for once they are in (nothing of it before).
      ...notificationsAre([]),
      membersAre([]),
    );
    const { user } = renderApp('/dashboard/members');
    const page = await screen.findByTestId('pending-page');
    expect(screen.getByRole('heading', { name: 'Waiting for approval' })).toBeTruthy();
    expect(page.textContent).toContain('Your trainer account at Akhada Fitness is waiting for the gym');
    expect(page.textContent).toContain('An admin of the gym must approve it');
    // No shell: no menu, no bell, nothing of the gym.
    expect(screen.queryByTestId('sidebar')).toBeNull();

    // Still waiting: it says so and stays.
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByTestId('pending-status').textContent).toBe('Still waiting for approval.'));
    expect(meCalls).toBe(2);
    expect(screen.getByTestId('pending-page')).toBeTruthy();

    // Approved meanwhile: the next check takes them to their home, in the shell.
    approved = true;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByTestId('sidebar')).toBeTruthy();
    expect(screen.queryByTestId('pending-page')).toBeNull();
  });

  it('can sign out from there', async () => {
    server.use(
      on(authRoutes.me, () => reply(authRoutes.me, 200, { success: true, data: { user: pendingTrainer } })),
      on(authRoutes.logout, () => reply(authRoutes.logout, 200, { success: true, message: 'Logged out' })),
    );
    const { user } = renderApp('/dashboard/trainers');
    await screen.findByTestId('pending-page');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByTestId('pending-page')).toBeNull());
    expect(localStorage.getItem('token')).toBeNull();
  });
});
