// @vitest-environment jsdom
import { trainersRoutes } from '@akhada/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser } from '../../../testing/fixtures';
import { aClientMember, aTrainer, trainersService } from '../../../testing/trainers';
import { renderApp } from '../../../testing/render-app';

const me = aTrainer({ firstName: 'Vikram', lastName: 'Singh', currentClients: 1 });
const signedInAsTrainer = () => signedInShell(aUser({ _id: me._id, role: 'trainer', firstName: 'Vikram', lastName: 'Singh', fullName: 'Vikram Singh' }));
const myRecord = () => on(trainersRoutes.me, () => reply(trainersRoutes.me, 200, { success: true, data: me }));

describe('a trainer’s own pages', { timeout: 15_000 }, () => {
  it('lists their clients, without staff actions', async () => {
    const service = trainersService({
      trainers: [me],
      members: [
        aClientMember({
          firstName: 'Farah',
          lastName: 'Khan',
          trainer: { _id: me._id, user: { firstName: 'Vikram', lastName: 'Singh' }, specialization: me.specialization },
        }),
      ],
    });
    server.use(...signedInAsTrainer(), myRecord(), ...service.handlers);
    renderApp('/dashboard/my-clients');
    expect(await screen.findByRole('heading', { name: 'My Clients', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Farah Khan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Unassign/ })).toBeNull();
  });

  it('lets them change their week', async () => {
    const service = trainersService({ trainers: [me] });
    server.use(...signedInAsTrainer(), myRecord(), ...service.handlers);
    const { user } = renderApp('/dashboard/my-schedule');
    await user.click(await screen.findByRole('button', { name: 'Add a slot on Saturday' }));
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(service.bodies.schedule).toEqual([{ weeklySlots: [{ dayOfWeek: 6, startTime: '06:00', endTime: '09:00' }] }]));
  });

  it('refuses a slot that ends before it starts, and sends nothing', async () => {
    const service = trainersService({ trainers: [me] });
    server.use(...signedInAsTrainer(), myRecord(), ...service.handlers);
    const { user } = renderApp('/dashboard/my-schedule');
    await user.click(await screen.findByRole('button', { name: 'Add a slot on Sunday' }));
    const end = screen.getByLabelText('Sunday To');
    await user.clear(end);
    await user.type(end, '05:00');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('The slot must end after it starts')).toBeTruthy();
    expect(service.bodies.schedule).toEqual([]);
  });

  it('says so when the account has no trainer profile', async () => {
    server.use(
      ...signedInAsTrainer(),
      on(trainersRoutes.me, () => problem(404, 'NOT_FOUND', 'Trainer not found')),
    );
    renderApp('/dashboard/my-schedule');
    expect(await screen.findByText('No trainer profile found for your account')).toBeTruthy();
  });
});
