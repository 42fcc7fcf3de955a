// @vitest-environment jsdom
import { memberRoutes, schedulingRoutes, type ClassSummary, type Timetable } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';
import { aTrainer, trainersService } from '../../../testing/trainers';

const aClass = (over: Partial<ClassSummary> = {}): ClassSummary => ({
  id: crypto.randomUUID(),
  locationId: PUNE._id,
  classTypeId: '0198a3c1-0000-7000-8000-0000000000c1',
  className: 'Sunrise Yoga',
  category: 'yoga',
  colour: '#4f46e5',
  seriesId: null,
  startsAt: '2099-03-02T01:30:00.000Z',
  endsAt: '2099-03-02T02:30:00.000Z',
  localDate: '2099-03-02',
  localTime: '07:00',
  capacity: 10,
  booked: 7,
  waitlisted: 0,
  trainerId: null,
  trainerName: null,
  room: 'Studio 1',
  status: 'scheduled',
  myPlace: null,
  ...over,
});
const week = (classes: ClassSummary[]): Timetable => ({ locationId: PUNE._id, timeZone: 'Asia/Kolkata', weekStart: '2099-03-02', classes });
const timetableIs = (t: Timetable) => on(schedulingRoutes.timetable, () => reply(schedulingRoutes.timetable, 200, { success: true, data: t }));
const member = () => signedInShell(aUser({ role: 'member', locations: [PUNE] }));
const noTrainer = () => on(memberRoutes.me, () => problem(404, 'NOT_FOUND', 'Member not found'));

describe('Book a class', { timeout: 15_000 }, () => {
  it('shows the places left and a waitlist for a full class, and the reason a booking is refused', async () => {
    const open = aClass();
    const full = aClass({ className: 'HIIT Blast', category: 'hiit', localTime: '18:00', capacity: 12, booked: 12, waitlisted: 3 });
    server.use(
      ...member(),
      noTrainer(),
      timetableIs(week([full, open])),
      on(schedulingRoutes.book, () => problem(409, 'MEMBERSHIP_INACTIVE', 'Your membership is frozen. Unfreeze it to book classes.')),
    );
    const { user } = renderApp('/dashboard/me/classes');
    expect(await screen.findByRole('heading', { name: 'Book a class', level: 1 })).toBeTruthy();
    const [first, second] = await screen.findAllByTestId('class-offer');
    // In start order within the day.
    expect(within(first!).getByRole('heading', { name: 'Sunrise Yoga' })).toBeTruthy();
    expect(within(first!).getByTestId('offer-spots').textContent).toBe('3 spots left');
    expect(within(second!).getByTestId('offer-spots').textContent).toBe('Full · 3 waiting');
    expect(within(second!).getByRole('button', { name: /Join the waitlist of HIIT Blast/ })).toBeTruthy();

    await user.click(within(first!).getByRole('button', { name: /Book Sunrise Yoga/ }));
    const refusal = await within(first!).findByTestId('place-refusal');
    expect(refusal.textContent).toContain('Could not book Sunrise Yoga');
    expect(refusal.textContent).toContain('Your membership is frozen. Unfreeze it to book classes.');
  });

  it('shows each class’s trainer and filters by the trainers of the week shown', async () => {
    const kavya = { trainerId: '0198a3c1-0000-7000-8000-0000000000a1', trainerName: 'Kavya Nair' };
    const arjun = { trainerId: '0198a3c1-0000-7000-8000-0000000000a2', trainerName: 'Arjun Mehta' };
    server.use(
      ...member(),
      noTrainer(),
      timetableIs(
        week([
          aClass({ className: 'Sunrise Yoga', ...kavya }),
          aClass({ className: 'HIIT Blast', category: 'hiit', localTime: '18:00', ...arjun }),
          aClass({ className: 'Open Gym', category: 'other', localTime: '20:00' }),
        ]),
      ),
    );
    const { user } = renderApp('/dashboard/me/classes');
    const offers = await screen.findAllByTestId('class-offer');
    expect(offers).toHaveLength(3);
    expect(within(offers[0]!).getByText(/Trainer: Kavya Nair/)).toBeTruthy();
    expect(within(offers[2]!).queryByText(/Trainer:/)).toBeNull();
    const select = screen.getByRole('combobox', { name: 'Trainer' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All trainers', 'Arjun Mehta', 'Kavya Nair']);
    await user.selectOptions(select, 'Kavya Nair');
    await waitFor(() => expect(screen.getAllByTestId('class-offer')).toHaveLength(1));
    expect(within(screen.getByTestId('class-offer')).getByRole('heading', { name: 'Sunrise Yoga' })).toBeTruthy();
    await user.selectOptions(select, 'All trainers');
    await waitFor(() => expect(screen.getAllByTestId('class-offer')).toHaveLength(3));
  });

  it('shows the member’s waitlist position and lets them leave it', async () => {
    const waiting = aClass({ booked: 10, waitlisted: 2, myPlace: { status: 'waitlisted', position: 2, offerExpiresAt: null } });
    let cancelled = 0;
    server.use(
      ...member(),
      noTrainer(),
      timetableIs(week([waiting])),
      on(schedulingRoutes.cancelBooking, ({ params }) => {
        cancelled += 1;
        return reply(schedulingRoutes.cancelBooking, 200, {
          success: true,
          data: { classId: String(params.id), memberId: String(params.memberId), status: 'cancelled', position: null, offerExpiresAt: null, late: false },
        });
      }),
    );
    const { user } = renderApp('/dashboard/me/classes');
    expect((await screen.findByTestId('place-status')).textContent).toBe('Waitlist position 2');
    await user.click(screen.getByRole('button', { name: 'Leave waitlist' }));
    await waitFor(() => expect(cancelled).toBe(1));
  });

  it('shows the upgrade prompt when the gym’s plan has no scheduling (402)', async () => {
    server.use(
      ...member(),
      noTrainer(),
      on(schedulingRoutes.timetable, () =>
        problem(402, 'PLAN_UPGRADE_REQUIRED', 'Class scheduling is part of the Pro plan. Upgrade to Pro to use the timetable and bookings.'),
      ),
    );
    renderApp('/dashboard/me/classes');
    expect(await screen.findByTestId('scheduling-upgrade')).toBeTruthy();
    expect(screen.getByText('Class scheduling is part of the Pro plan')).toBeTruthy();
  });
});

describe('staff timetable', { timeout: 15_000 }, () => {
  it('lays the week out by day with each class’s time, trainer, room and occupancy', async () => {
    const kavya = aTrainer({ firstName: 'Kavya', lastName: 'Nair' });
    const trainerId = kavya._id;
    server.use(
      ...signedInShell(aUser({ role: 'owner', locations: [PUNE] })),
      timetableIs(
        week([
          aClass({ trainerId, booked: 10, waitlisted: 2 }),
          aClass({
            className: 'Zumba',
            category: 'zumba',
            localDate: '2099-03-04',
            localTime: '18:00',
            status: 'cancelled',
            startsAt: '2099-03-04T12:30:00.000Z',
            endsAt: '2099-03-04T13:30:00.000Z',
          }),
        ]),
      ),
      on(schedulingRoutes.listClassTypes, () => reply(schedulingRoutes.listClassTypes, 200, { success: true, data: [] })),
      ...trainersService({ trainers: [kavya] }).handlers,
    );
    renderApp('/dashboard/classes');
    const grid = await screen.findByTestId('timetable-grid');
    const monday = within(grid).getByRole('region', { name: /Mon, 2 Mar/ });
    await waitFor(() => expect(within(monday).getByText('Kavya Nair')).toBeTruthy());
    expect(within(monday).getByText('07:00–08:00')).toBeTruthy();
    expect(within(monday).getByText('Room: Studio 1')).toBeTruthy();
    expect(within(monday).getByTestId('timetable-occupancy').textContent).toBe('10/10 booked · 2 waiting');
    const wednesday = within(grid).getByRole('region', { name: /Wed, 4 Mar/ });
    expect(within(wednesday).getByText('Cancelled')).toBeTruthy();
    expect(within(wednesday).getByText('18:00–19:00')).toBeTruthy();
  });
});
