// @vitest-environment jsdom
import { dashboardRoutes } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aTodaysClass, dashboardIs, todaysClassesAre } from '../../../testing/dashboard';
import { aUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const owner = aUser({ role: 'owner' });
const id = (n: number) => `0192d0c0-0000-7000-8000-00000000c1${String(n).padStart(2, '0')}`;
const yoga = aTodaysClass({ classId: id(1) });
const zumba = aTodaysClass({
  classId: id(2),
  name: 'Zumba',
  startsAt: '2026-11-24T12:30:00.000Z',
  endsAt: '2026-11-24T13:15:00.000Z',
  trainerName: null,
  room: 'Main hall',
  capacity: 15,
  booked: 15,
  waitlist: 3,
});
const hiit = aTodaysClass({
  classId: id(3),
  name: 'HIIT',
  startsAt: '2026-11-24T04:30:00.000Z',
  endsAt: '2026-11-24T05:15:00.000Z',
  cancelled: true,
  booked: 4,
});

describe("the staff dashboard's Today's classes (issue 26)", () => {
  it('shows each class with its local time, trainer, places taken of capacity with a bar, the waitlist, and cancelled ones', async () => {
    server.use(...signedInShell(owner), dashboardIs(), todaysClassesAre([yoga, hiit, zumba]));
    renderApp('/dashboard');
    const card = await screen.findByTestId('todays-classes');
    await within(card).findByText('Morning Yoga');

    const first = within(screen.getByTestId(`todays-class-${id(1)}`));
    // 02:30 UTC is 08:00 in Pune, whatever the test machine's zone.
    expect(first.getByText('08:00–09:00')).toBeTruthy();
    expect(first.getByText('Ishaan Verma · Studio 1')).toBeTruthy();
    expect(first.getByTestId('class-booked').textContent).toBe('12/20');
    expect(first.getByRole('meter', { name: '12 of 20 places booked' }).getAttribute('aria-valuenow')).toBe('12');
    expect(first.queryByTestId('class-waitlist')).toBeNull();
    expect(first.getByRole('link', { name: 'Morning Yoga' }).getAttribute('href')).toBe(`/dashboard/classes/${id(1)}`);

    const full = within(screen.getByTestId(`todays-class-${id(2)}`));
    expect(full.getByText('18:00–18:45')).toBeTruthy();
    expect(full.getByText('No trainer · Main hall')).toBeTruthy();
    expect(full.getByTestId('class-booked').textContent).toBe('15/15Full');
    expect(full.getByTestId('class-waitlist').textContent).toBe('3 waiting');

    const cancelled = within(screen.getByTestId(`todays-class-${id(3)}`));
    expect(cancelled.getByTestId('class-cancelled').textContent).toBe('Cancelled');
    expect(cancelled.queryByRole('meter')).toBeNull();
    // In the order the server gives (by start time), with the way to the timetable.
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.dataset.testid),
    ).toEqual([`todays-class-${id(1)}`, `todays-class-${id(3)}`, `todays-class-${id(2)}`]);
    expect(within(card).getByRole('link', { name: 'View timetable' }).getAttribute('href')).toBe('/dashboard/classes');
  });

  it('says "No classes today" with a link to the timetable', async () => {
    server.use(...signedInShell(owner), dashboardIs(), todaysClassesAre([]));
    renderApp('/dashboard');
    const card = await screen.findByTestId('todays-classes');
    expect(await within(card).findByText('No classes today')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open the timetable' }).getAttribute('href')).toBe('/dashboard/classes');
  });

  it('is left out for a gym whose plan lacks scheduling', async () => {
    let asked = 0;
    server.use(
      ...signedInShell(owner),
      dashboardIs(),
      on(dashboardRoutes.todaysClasses, () => {
        asked += 1;
        return todaysClassesReply(false);
      }),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('Recent Activity')).toBeTruthy();
    await waitFor(() => expect(asked).toBe(1));
    await waitFor(() => expect(screen.queryByTestId('todays-classes')).toBeNull());
    expect(screen.getByTestId('stat-checkins')).toBeTruthy();
  });

  it('shows its own error with a retry that loads the classes, while the rest of the dashboard stays', async () => {
    let failing = true;
    server.use(
      ...signedInShell(owner),
      dashboardIs(),
      on(dashboardRoutes.todaysClasses, () => (failing ? problem(503, 'SERVICE_UNAVAILABLE', 'Down for a moment') : todaysClassesReply(true, [yoga]))),
    );
    const { user } = renderApp('/dashboard');
    const card = await screen.findByTestId('todays-classes');
    const error = await within(card).findByTestId('error-state');
    expect(screen.getByTestId('stat-checkins')).toBeTruthy();
    failing = false;
    await user.click(within(error).getByRole('button', { name: 'Try Again' }));
    expect(await within(card).findByText('Morning Yoga')).toBeTruthy();
  });
});

const todaysClassesReply = (included: boolean, classes = [yoga]) =>
  reply(dashboardRoutes.todaysClasses, 200, { success: true, data: { included, date: '2026-11-24', classes: included ? classes : [] } });
