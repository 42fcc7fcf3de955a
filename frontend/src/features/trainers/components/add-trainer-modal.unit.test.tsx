// @vitest-environment jsdom
import { trainersRoutes } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem } from '../../../testing/contract-handlers';
import { aTrainer, trainersService } from '../../../testing/trainers';
import { renderApp } from '../../../testing/render-app';

async function openForm() {
  const view = renderApp('/dashboard/trainers');
  await view.user.click(await screen.findByTestId('add-trainer-button'));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Trainer' });
  return { ...view, dialog: within(dialog) };
}

async function fillRequired(user: UserEvent, dialog: ReturnType<typeof within>) {
  await user.type(dialog.getByLabelText(/^First Name/), 'Kiran');
  await user.type(dialog.getByLabelText(/^Last Name/), 'Das');
  await user.type(dialog.getByLabelText(/^Email/), 'kiran@example.in');
  await user.type(dialog.getByLabelText(/^Phone/), '+91 98200 12345');
  await user.type(dialog.getByLabelText(/^Experience/), '4');
  await user.type(dialog.getByLabelText(/^Hourly Rate/), '750');
}

// Screens and their lazily loaded forms are compiled on first use in a run (slow on a busy machine): room for that.
describe('add-trainer form', { timeout: 15_000 }, () => {
  it('keeps Add Trainer disabled until a specialization is chosen, with max clients 10 by default', async () => {
    const service = trainersService();
    server.use(...signedInShell(), ...service.handlers);
    const { user, dialog } = await openForm();
    const submit = screen.getByRole('button', { name: 'Add Trainer' }) as HTMLButtonElement;
    expect((dialog.getByLabelText(/^Max Clients/) as HTMLInputElement).value).toBe('10');
    expect(submit.disabled).toBe(true);

    await user.click(dialog.getByRole('button', { name: 'Yoga' }));
    expect(dialog.getByRole('button', { name: 'Yoga' }).getAttribute('aria-pressed')).toBe('true');
    expect(submit.disabled).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Yoga' }));
    expect(submit.disabled).toBe(true);
  });

  it('names what is missing or wrong and sends nothing', async () => {
    const service = trainersService();
    server.use(...signedInShell(), ...service.handlers);
    const { user, dialog } = await openForm();
    await user.click(dialog.getByRole('button', { name: 'Cardio' }));
    await user.clear(dialog.getByLabelText(/^Max Clients/));
    await user.type(dialog.getByLabelText(/^Max Clients/), '60');
    await user.type(dialog.getByLabelText(/^Experience/), '-1');
    await user.type(dialog.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add Trainer' }));

    expect(await dialog.findByText('First name is required')).toBeTruthy();
    expect(dialog.getByText('Last name is required')).toBeTruthy();
    expect(dialog.getByText('Enter a valid email address')).toBeTruthy();
    expect(dialog.getByText('Phone is required')).toBeTruthy();
    expect(dialog.getByText('Experience cannot be negative')).toBeTruthy();
    expect(dialog.getByText('Hourly Rate is required')).toBeTruthy();
    expect(dialog.getByText('Max clients must be between 1 and 50')).toBeTruthy();
    expect(dialog.getByLabelText(/^First Name/).getAttribute('aria-invalid')).toBe('true');
    expect(service.bodies.create).toEqual([]);
  });

  it('adds the trainer with a certification, closes, and the list shows them', async () => {
    const service = trainersService({ trainers: [aTrainer({ firstName: 'Vikram', lastName: 'Singh' })] });
    server.use(...signedInShell(), ...service.handlers);
    const { user, dialog } = await openForm();
    await fillRequired(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Strength Training' }));
    await user.click(dialog.getByRole('button', { name: 'Nutrition' }));
    await user.click(dialog.getByRole('button', { name: '+ Add certification' }));
    await user.type(dialog.getByLabelText(/^Certification name/), 'ACE Personal Trainer');
    await user.type(dialog.getByLabelText(/^Issuing organization/), 'ACE');
    await user.type(dialog.getByLabelText(/^Issue date/), '2024-04-01');
    await user.click(screen.getByRole('button', { name: 'Add Trainer' }));

    expect(await screen.findByText('Kiran Das has been added')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(service.bodies.create).toEqual([
      expect.objectContaining({
        firstName: 'Kiran',
        lastName: 'Das',
        email: 'kiran@example.in',
        specialization: ['strength_training', 'nutrition'],
        experience: 4,
        hourlyRate: 750,
        maxClients: 10,
        certifications: [{ name: 'ACE Personal Trainer', issuingOrganization: 'ACE', issueDate: '2024-04-01', expiryDate: null }],
      }),
    ]);
    await waitFor(() => expect(within(screen.getByTestId('trainers-table')).getAllByTestId('trainer-row')).toHaveLength(2));

    // Opened again, the form is empty.
    await user.click(screen.getByTestId('add-trainer-button'));
    const again = within(await screen.findByRole('dialog', { name: 'Add New Trainer' }));
    expect((again.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Add Trainer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the plan-limit message, and the fixed text when the server says nothing readable', async () => {
    const message = 'Your free plan allows 2 trainers. Choose a bigger plan to add more.';
    let answer = () => problem(409, 'PLAN_LIMIT', message);
    const service = trainersService();
    server.use(
      ...signedInShell(),
      on(trainersRoutes.create, () => answer()),
      ...service.handlers,
    );
    const { user, dialog } = await openForm();
    await fillRequired(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Yoga' }));
    await user.click(screen.getByRole('button', { name: 'Add Trainer' }));
    expect((await dialog.findByTestId('add-trainer-error')).textContent).toContain(message);

    answer = () => new Response('oops', { status: 400 }) as never;
    await user.click(screen.getByRole('button', { name: 'Add Trainer' }));
    await waitFor(() => expect(dialog.getByTestId('add-trainer-error').textContent).toBe('Failed to create trainer. Please try again.'));
  });
});
