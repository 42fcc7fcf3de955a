// @vitest-environment jsdom
import { trainersRoutes } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem } from '../../../testing/contract-handlers';
import { aUser } from '../../../testing/fixtures';
import { aClientMember, aTrainer, trainersService } from '../../../testing/trainers';
import { renderApp } from '../../../testing/render-app';

const rows = async () => within(await screen.findByTestId('trainers-table')).getAllByTestId('trainer-row');

// Screens and their lazily loaded forms are compiled on first use in a run (slow on a busy machine): room for that.
describe('trainers list', { timeout: 15_000 }, () => {
  it('shows a trainer’s profile picture beside their written name, and initials for one without', async () => {
    const picture = '/api/auth/avatars/0198a3c1-0000-7000-8000-0000000000f4?v=0198a3c1-0000-7000-8000-0000000000f5';
    const service = trainersService({
      trainers: [aTrainer({ firstName: 'Vikram', lastName: 'Singh', avatarUrl: picture }), aTrainer({ firstName: 'Neha', lastName: 'Kapoor' })],
    });
    server.use(...signedInShell(), ...service.handlers);
    renderApp('/dashboard/trainers');
    const [vikram, neha] = await rows();
    expect(vikram!.querySelector('img.avatar__img')?.getAttribute('src')).toBe(picture);
    expect(within(vikram!).getByText('Vikram Singh')).toBeTruthy();
    expect(neha!.querySelector('img')).toBeNull();
    expect(neha!.querySelector('.avatar')?.getAttribute('data-initial')).toBe('NK');
  });

  it('shows each trainer with specialization, experience, coloured availability, clients and rate', async () => {
    const service = trainersService({
      trainers: [
        aTrainer({
          firstName: 'Vikram',
          lastName: 'Singh',
          specialization: ['yoga', 'pilates'],
          experience: 8,
          hourlyRate: 1200,
          currentClients: 8,
          maxClients: 15,
        }),
        aTrainer({ firstName: 'Neha', lastName: 'Kapoor', currentClients: 10, maxClients: 10 }),
        aTrainer({ firstName: 'Arjun', lastName: 'Rao', isAvailable: false }),
      ],
    });
    server.use(...signedInShell(), ...service.handlers);
    renderApp('/dashboard/trainers');

    expect(await screen.findByRole('heading', { name: 'Trainers Management', level: 1 })).toBeTruthy();
    const [vikram, neha, arjun] = await rows();
    expect(within(vikram!).getByText('Yoga')).toBeTruthy();
    expect(within(vikram!).getByText('Pilates')).toBeTruthy();
    expect(within(vikram!).getByText('8 years')).toBeTruthy();
    expect(within(vikram!).getByTestId('trainer-capacity').textContent).toBe('8/15');
    expect(within(vikram!).getByText('₹1,200/hour')).toBeTruthy();
    expect(within(vikram!).getByTestId('availability-badge').className).toContain('badge--success');
    expect(within(neha!).getByTestId('availability-badge').className).toContain('badge--warning');
    expect(within(neha!).getByTestId('availability-badge').textContent).toBe('Fully booked');
    expect(within(arjun!).getByTestId('availability-badge').className).toContain('badge--danger');
    expect(screen.getByTestId('trainers-heading').textContent).toBe('All Trainers (3)');
    expect(service.bodies.list.at(-1)?.searchParams.get('limit')).toBe('50');
  });

  it('applies search, specialization and availability together, and resets them', async () => {
    const service = trainersService({
      trainers: [
        aTrainer({ firstName: 'Vikram', lastName: 'Singh', specialization: ['yoga'] }),
        aTrainer({ firstName: 'Neha', lastName: 'Kapoor', specialization: ['yoga'], isAvailable: false }),
        aTrainer({ firstName: 'Arjun', lastName: 'Rao', specialization: ['cardio'] }),
      ],
    });
    server.use(...signedInShell(), ...service.handlers);
    const { user } = renderApp('/dashboard/trainers');
    expect(await rows()).toHaveLength(3);

    await user.selectOptions(screen.getByLabelText('Specialization'), 'yoga');
    await user.selectOptions(screen.getByLabelText('Availability'), 'available');
    // Nothing changes until the filters are applied.
    expect(await rows()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(within((await rows())[0]!).getByText('Vikram Singh')).toBeTruthy();
    const sent = service.bodies.list.at(-1)!.searchParams;
    expect([sent.get('specialization'), sent.get('availability')]).toEqual(['yoga', 'available']);

    await user.type(screen.getByTestId('trainers-search'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(await screen.findByText('No trainers match these filters')).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: 'Reset Filters' })[0]!);
    await waitFor(async () => expect(await rows()).toHaveLength(3));
    expect((screen.getByLabelText('Specialization') as HTMLSelectElement).value).toBe('');
  });

  it('says so when the list fails, shows no count and no sample trainers, and retries', async () => {
    let failing = true;
    const service = trainersService({ trainers: [aTrainer({ firstName: 'Vikram', lastName: 'Singh' })] });
    // While failing, the list answers 500; then the service answers (a resolver returning nothing passes the request on).
    server.use(
      ...signedInShell(),
      on(trainersRoutes.list, () => (failing ? problem(500, 'INTERNAL', 'Database unavailable') : undefined)),
      ...service.handlers,
    );
    const { user } = renderApp('/dashboard/trainers');
    expect(await screen.findByText('Failed to fetch trainers')).toBeTruthy();
    expect(screen.getByTestId('trainers-heading').textContent).toBe('All Trainers');
    expect(screen.queryByTestId('trainers-table')).toBeNull();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rows()).toHaveLength(1);
  });

  it('approves a trainer who joined with the gym code from the pending list', async () => {
    const service = trainersService({
      trainers: [
        aTrainer({ firstName: 'Vikram', lastName: 'Singh' }),
        aTrainer({ firstName: 'Kiran', lastName: 'Das', status: 'pending', joinedWithCode: true, accountStatus: 'active' }),
      ],
    });
    server.use(...signedInShell(), ...service.handlers);
    const { user } = renderApp('/dashboard/trainers');
    expect(await rows()).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Pending approval' }));
    const pending = await screen.findByTestId('pending-trainer-row');
    expect(within(pending).getByText('Kiran Das')).toBeTruthy();
    await user.click(within(pending).getByRole('button', { name: 'Approve Kiran Das' }));
    expect(await screen.findByText('Kiran Das can now sign in and work with members')).toBeTruthy();
    expect(await screen.findByText('No trainers are waiting for approval')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'All trainers' }));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
  });

  it('hides managing actions from a trainer', async () => {
    const service = trainersService({ trainers: [aTrainer({ firstName: 'Vikram', lastName: 'Singh' })] });
    server.use(...signedInShell(aUser({ role: 'trainer' })), ...service.handlers);
    renderApp('/dashboard/trainers');
    expect(await rows()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '+ Add New Trainer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Assign/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Pending approval' })).toBeNull();
  });
});

// Screens and their lazily loaded forms are compiled on first use in a run (slow on a busy machine): room for that.
describe('assign dialog', { timeout: 15_000 }, () => {
  it('offers the location’s members without a trainer and assigns one, the client count going up', async () => {
    const vikram = aTrainer({ firstName: 'Vikram', lastName: 'Singh', currentClients: 1, maxClients: 3 });
    const service = trainersService({
      trainers: [vikram],
      members: [
        aClientMember({ firstName: 'Rohan', lastName: 'Patil' }),
        aClientMember({ firstName: 'Meera', lastName: 'Joshi' }),
        aClientMember({
          firstName: 'Sahil',
          lastName: 'Khan',
          trainer: { _id: vikram._id, user: { firstName: 'Vikram', lastName: 'Singh' }, specialization: ['yoga'] },
        }),
      ],
    });
    server.use(...signedInShell(), ...service.handlers);
    const { user } = renderApp('/dashboard/trainers');
    const [row] = await rows();
    expect(within(row!).getByTestId('trainer-capacity').textContent).toBe('1/3');
    await user.click(within(row!).getByRole('button', { name: 'Assign members to Vikram Singh' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Assign members to Vikram Singh' }));
    const offered = await dialog.findAllByTestId('assign-member');
    expect(offered.map((li) => within(li).getByText(/Patil|Joshi|Khan/).textContent)).toEqual(['Rohan Patil', 'Meera Joshi']);
    await user.click(dialog.getByRole('button', { name: 'Assign Meera Joshi' }));

    expect(await screen.findByText('Meera Joshi is now training with Vikram Singh')).toBeTruthy();
    expect(service.bodies.assign).toEqual([{ memberId: service.members[1]!._id, trainerId: vikram._id }]);
    await waitFor(() => expect(dialog.getByTestId('assign-capacity').textContent).toContain('2/3'));
    await waitFor(() => expect(dialog.getAllByTestId('assign-member')).toHaveLength(1));
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(async () => expect(within((await rows())[0]!).getByTestId('trainer-capacity').textContent).toBe('2/3'));
  });

  it('shows the server’s message when the trainer is full', async () => {
    const vikram = aTrainer({ firstName: 'Vikram', lastName: 'Singh', currentClients: 2, maxClients: 2 });
    const service = trainersService({ trainers: [vikram], members: [aClientMember({ firstName: 'Rohan', lastName: 'Patil' })] });
    server.use(...signedInShell(), ...service.handlers);
    const { user } = renderApp('/dashboard/trainers');
    const [row] = await rows();
    await user.click(within(row!).getByRole('button', { name: 'Assign members to Vikram Singh' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(await dialog.findByRole('button', { name: 'Assign Rohan Patil' }));
    expect((await dialog.findByTestId('assign-error')).textContent).toContain('Vikram Singh is fully booked (2/2)');
  });
});
