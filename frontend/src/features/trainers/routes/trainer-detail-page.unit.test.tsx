// @vitest-environment jsdom
import { schedulingAppointmentRoutes, trainersRoutes } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { aPayment, trainerPaymentsAre } from '../../../testing/payments';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser } from '../../../testing/fixtures';
import { aClientMember, aTrainer, trainersService } from '../../../testing/trainers';
import { renderApp } from '../../../testing/render-app';

let certSeq = 0;
const certification = (name: string, expiryState: 'valid' | 'expiring' | 'expired', expiryDate: string | null) => ({
  _id: `0198a3c1-0000-7000-a000-${(++certSeq).toString(16).padStart(12, '0')}`,
  name,
  issuingOrganization: 'ACE',
  issueDate: '2023-01-01',
  expiryDate,
  expiryState,
});

// The tabs' forms are compiled on their first use in a run: room for that.
describe('trainer detail', { timeout: 15_000 }, () => {
  it('shows the header and the overview, with "No ratings yet"', async () => {
    const tr = aTrainer({ firstName: 'Vikram', lastName: 'Singh', currentClients: 8, maxClients: 15, bio: 'Powerlifting coach.', user: { gender: 'male' } });
    server.use(...signedInShell(), ...trainersService({ trainers: [tr] }).handlers);
    renderApp(`/dashboard/trainers/${tr._id}`);
    expect(await screen.findByRole('heading', { name: 'Vikram Singh', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('trainer-capacity').textContent).toContain('8/15');
    expect(screen.getByText('No ratings yet')).toBeTruthy();
    expect(screen.getByText('Invitation sent')).toBeTruthy();
    expect(screen.getByText('Powerlifting coach.')).toBeTruthy();
    expect(screen.getByText('Male')).toBeTruthy();
    expect(screen.queryByText('Date of birth')).toBeNull();
    expect(screen.getByRole('link', { name: '← Back to Trainers' }).getAttribute('href')).toBe('/dashboard/trainers');
  });

  it('shows the trainer’s profile picture in the header', async () => {
    const picture = '/api/auth/avatars/0198a3c1-0000-7000-8000-0000000000f4?v=0198a3c1-0000-7000-8000-0000000000f6';
    const tr = aTrainer({ firstName: 'Vikram', lastName: 'Singh', avatarUrl: picture });
    server.use(...signedInShell(), ...trainersService({ trainers: [tr] }).handlers);
    renderApp(`/dashboard/trainers/${tr._id}`);
    const heading = await screen.findByRole('heading', { name: 'Vikram Singh', level: 1 });
    expect(heading.closest('section')?.querySelector('img.avatar__img')?.getAttribute('src')).toBe(picture);
  });

  it('says "Trainer not found" when there is no such trainer, and offers Retry on other failures', async () => {
    server.use(...signedInShell(), ...trainersService().handlers);
    renderApp('/dashboard/trainers/0198a3c1-0000-7000-8000-00000000dead');
    expect(await screen.findByText('Trainer not found')).toBeTruthy();
  });

  it('offers Retry when the trainer cannot be loaded', async () => {
    let failing = true;
    const tr = aTrainer({ firstName: 'Vikram', lastName: 'Singh' });
    server.use(
      ...signedInShell(),
      on(trainersRoutes.get, () => (failing ? problem(500, 'INTERNAL', 'Database unavailable') : undefined)),
      ...trainersService({ trainers: [tr] }).handlers,
    );
    const { user } = renderApp(`/dashboard/trainers/${tr._id}`);
    expect(await screen.findByText('Could not load this trainer')).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Vikram Singh', level: 1 })).toBeTruthy();
  });

  it('lists the assigned members and unassigns one', async () => {
    const tr = aTrainer({ firstName: 'Vikram', lastName: 'Singh', currentClients: 2 });
    const as = { _id: tr._id, user: { firstName: 'Vikram', lastName: 'Singh' }, specialization: tr.specialization };
    const service = trainersService({
      trainers: [tr],
      members: [aClientMember({ firstName: 'Rohan', lastName: 'Patil', trainer: as }), aClientMember({ firstName: 'Meera', lastName: 'Joshi', trainer: as })],
    });
    server.use(...signedInShell(), ...service.handlers);
    const { user } = renderApp(`/dashboard/trainers/${tr._id}`);
    await user.click(await screen.findByRole('tab', { name: 'Assigned Members' }));
    expect(await screen.findByRole('heading', { name: 'Assigned Members (2)' })).toBeTruthy();
    expect(screen.getAllByTestId('trainer-client-row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Unassign Rohan Patil' }));
    expect(await screen.findByRole('heading', { name: 'Assigned Members (1)' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('trainer-capacity').textContent).toContain('1/10'));
  });

  it('warns about expired (red) and soon-expiring (amber) certifications, and removes one', async () => {
    const tr = aTrainer({
      firstName: 'Vikram',
      lastName: 'Singh',
      certifications: [
        certification('CPR', 'expired', '2025-01-01'),
        certification('Yoga RYT-200', 'expiring', '2026-04-01'),
        certification('Nutrition L1', 'valid', null),
      ],
    });
    server.use(...signedInShell(), ...trainersService({ trainers: [tr] }).handlers);
    const { user } = renderApp(`/dashboard/trainers/${tr._id}`);
    await user.click(await screen.findByRole('tab', { name: 'Certifications' }));
    const items = screen.getAllByTestId('certification');
    expect(within(items[0]!).getByTestId('certification-warning').className).toContain('badge--danger');
    expect(within(items[0]!).getByText('Expired')).toBeTruthy();
    expect(within(items[1]!).getByTestId('certification-warning').className).toContain('badge--warning');
    expect(within(items[2]!).queryByTestId('certification-warning')).toBeNull();
    expect(within(items[2]!).getByText(/No expiry/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove CPR' }));
    await waitFor(() => expect(screen.getAllByTestId('certification')).toHaveLength(2));
  });

  it('checks a new certification and adds it', async () => {
    const tr = aTrainer({ firstName: 'Vikram', lastName: 'Singh' });
    server.use(...signedInShell(), ...trainersService({ trainers: [tr] }).handlers);
    const { user } = renderApp(`/dashboard/trainers/${tr._id}`);
    await user.click(await screen.findByRole('tab', { name: 'Certifications' }));
    const form = within(screen.getByTestId('add-certification-form'));
    await user.click(form.getByRole('button', { name: 'Add certification' }));
    expect(await form.findByText('Name is required')).toBeTruthy();
    expect(form.getByText('Issuing organization is required')).toBeTruthy();
    await user.type(form.getByLabelText(/^Certification name/), 'ACE CPT');
    await user.type(form.getByLabelText(/^Issuing organization/), 'ACE');
    await user.type(form.getByLabelText(/^Issue date/), '2024-04-01');
    await user.type(form.getByLabelText(/^Expiry date/), '2023-01-01');
    await user.click(form.getByRole('button', { name: 'Add certification' }));
    expect(await form.findByText('Expiry date must be after the issue date')).toBeTruthy();
    await user.clear(form.getByLabelText(/^Expiry date/));
    await user.click(form.getByRole('button', { name: 'Add certification' }));
    await waitFor(() => expect(screen.getAllByTestId('certification')).toHaveLength(1));
    expect(screen.getByText('ACE CPT')).toBeTruthy();
    expect(await screen.findByText('Certification added')).toBeTruthy();
  });

  it('says "No certifications added yet" when there are none', async () => {
    const tr = aTrainer({ firstName: 'Vikram', lastName: 'Singh' });
    server.use(...signedInShell(aUser({ role: 'trainer', _id: '0198a3c1-0000-7000-8000-0000000000f2' })), ...trainersService({ trainers: [tr] }).handlers);
    const { user } = renderApp(`/dashboard/trainers/${tr._id}`);
    await user.click(await screen.findByRole('tab', { name: 'Certifications' }));
    expect(screen.getByText('No certifications added yet')).toBeTruthy();
    // Another trainer reads, and changes nothing.
    expect(screen.queryByTestId('add-certification-form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('edits the weekly slots and saves them', async () => {
    const tr = aTrainer({ firstName: 'Vikram', lastName: 'Singh' });
    const service = trainersService({ trainers: [tr] });
    server.use(...signedInShell(), ...service.handlers);
    const { user } = renderApp(`/dashboard/trainers/${tr._id}`);
    await user.click(await screen.findByRole('tab', { name: 'Schedule' }));
    expect(await screen.findByText('Times are in the gym\u2019s timezone (Asia/Kolkata).'.replace('\u2019', "'"))).toBeTruthy();
    expect(screen.getByText('No sessions booked')).toBeTruthy();
    expect(screen.getByText('Assign members to this trainer to book sessions with them.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a slot on Monday' }));
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(service.bodies.schedule).toEqual([{ weeklySlots: [{ dayOfWeek: 1, startTime: '06:00', endTime: '09:00' }] }]));
    expect(await screen.findByText('Schedule saved')).toBeTruthy();
  });

  it('books a session for one of the trainer’s clients in a free slot, through scheduling', async () => {
    const tr = aTrainer({ firstName: 'Vikram', lastName: 'Singh', currentClients: 1 });
    const as = { _id: tr._id, user: { firstName: 'Vikram', lastName: 'Singh' }, specialization: tr.specialization };
    const client = aClientMember({ firstName: 'Rohan', lastName: 'Patil', trainer: as });
    const asked: URL[] = [];
    const booked: unknown[] = [];
    const slot = (startsAt: string, localTime: string) => ({
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 45 * 60_000).toISOString(),
      localDate: '2030-03-12',
      localTime,
    });
    server.use(
      ...signedInShell(),
      on(schedulingAppointmentRoutes.freeSlots, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url);
        const minutes = Number(url.searchParams.get('durationMinutes'));
        return reply(schedulingAppointmentRoutes.freeSlots, 200, {
          success: true,
          data: {
            trainerId: tr._id,
            locationId: tr.locationId,
            timeZone: 'Asia/Kolkata',
            durationMinutes: minutes,
            slots: minutes === 45 ? [slot('2030-03-12T01:30:00.000Z', '07:00'), slot('2030-03-12T02:15:00.000Z', '07:45')] : [],
          },
        });
      }),
      on(schedulingAppointmentRoutes.book, async ({ request }) => {
        booked.push(await request.json());
        return problem(409, 'APPOINTMENT_CLASH', 'The member already has an appointment at that time.');
      }),
      ...trainersService({ trainers: [tr], members: [client] }).handlers,
    );
    const { user } = renderApp(`/dashboard/trainers/${tr._id}`);
    await user.click(await screen.findByRole('tab', { name: 'Schedule' }));
    const form = within(await screen.findByTestId('book-session-form'));
    await waitFor(() => expect(form.getByRole('option', { name: 'Rohan Patil' })).toBeTruthy());
    expect(await form.findByText('No free time in the next 14 days. Add weekly availability above.')).toBeTruthy();
    await user.selectOptions(form.getByTestId('book-duration'), '45');
    await waitFor(() => expect(form.getByTestId('book-slot').querySelectorAll('option')).toHaveLength(3));
    expect(asked.at(-1)?.searchParams.get('trainerId')).toBe(tr._id);
    await user.selectOptions(form.getByTestId('book-member'), client._id);
    await user.selectOptions(form.getByTestId('book-slot'), '2030-03-12T02:15:00.000Z');
    await user.click(form.getByRole('button', { name: 'Book session' }));
    await waitFor(() => expect(booked).toEqual([{ trainerId: tr._id, memberId: client._id, startsAt: '2030-03-12T02:15:00.000Z', durationMinutes: 45 }]));
    // The refusal says why.
    expect(await screen.findByText('The member already has an appointment at that time.')).toBeTruthy();
  });

  it('says honestly that earnings come once payments are recorded', async () => {
    const tr = aTrainer({ firstName: 'Vikram', lastName: 'Singh' });
    server.use(
      ...signedInShell(),
      ...trainersService({ trainers: [tr] }).handlers,
      trainerPaymentsAre([
        aPayment({
          paymentCategory: 'trainer',
          paymentType: 'salary',
          description: 'Salary for January',
          member: null,
          trainer: { _id: tr._id, name: 'Vikram Singh' },
        }),
      ]),
    );
    const { user } = renderApp(`/dashboard/trainers/${tr._id}`);
    await user.click(await screen.findByRole('tab', { name: 'Earnings' }));
    expect(await screen.findByText('Earnings appear here once payments are recorded.')).toBeTruthy();
    expect(screen.queryByTestId('earnings-total')).toBeNull();
    // The payments to the trainer come from the payments service.
    const paid = await screen.findByTestId('trainer-payments');
    expect(await within(paid).findByText('Salary for January')).toBeTruthy();
    expect(within(paid).getByTestId('person-total-paid').textContent).toBe('₹1,500.00');
  });

  it('edits availability and capacity', async () => {
    const tr = aTrainer({ firstName: 'Vikram', lastName: 'Singh' });
    let sent: unknown = null;
    server.use(
      ...signedInShell(),
      on(trainersRoutes.update, async ({ request }) => {
        sent = await request.json();
        return undefined;
      }),
      on(trainersRoutes.update, () => problem(409, 'CONCURRENCY_CONFLICT', 'Someone else changed this trainer. Refresh and try again.')),
      ...trainersService({ trainers: [tr] }).handlers,
    );
    const { user } = renderApp(`/dashboard/trainers/${tr._id}`);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit trainer' }));
    await user.click(dialog.getByLabelText('Available for new clients'));
    await user.clear(dialog.getByLabelText(/^Max Clients/));
    await user.type(dialog.getByLabelText(/^Max Clients/), '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await dialog.findByTestId('edit-trainer-error')).textContent).toContain('Someone else changed this trainer');
    expect(sent).toEqual(expect.objectContaining({ isAvailable: false, maxClients: 12, expectedVersion: 1 }));
  });
});
