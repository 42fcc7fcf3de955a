// @vitest-environment jsdom
import { schedulingEventRoutes as r, type Attendee, type EventTicket, type GymEvent } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser, PUNE } from '../../../testing/fixtures';
import { razorpayStatusIs } from '../../../testing/payments';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

const MEMBER_ID = '0198a3c1-0000-7000-8000-0000000000e1';
const anEvent = (over: Partial<GymEvent> = {}): GymEvent => ({
  id: crypto.randomUUID(),
  title: 'Mobility workshop',
  description: 'Hips and shoulders',
  kind: 'workshop',
  locationId: PUNE._id,
  onlineUrl: null,
  startsAt: '2099-03-14T03:30:00.000Z',
  endsAt: '2099-03-14T06:30:00.000Z',
  timeZone: 'Asia/Kolkata',
  localDate: '2099-03-14',
  localTime: '09:00',
  localEndDate: '2099-03-14',
  localEndTime: '12:00',
  capacity: 20,
  taken: 12,
  pricePaise: 0,
  status: 'published',
  cancelReason: null,
  myTicket: null,
  ...over,
});
const aTicket = (e: GymEvent, over: Partial<EventTicket> = {}): EventTicket => ({
  eventId: e.id,
  memberId: MEMBER_ID,
  status: 'confirmed',
  pricePaise: e.pricePaise,
  holdUntil: null,
  refund: 'none',
  takenAt: '2099-03-01T00:00:00.000Z',
  attendedAt: null,
  ...over,
});
const eventsAre = (events: GymEvent[]) => on(r.listEvents, () => reply(r.listEvents, 200, { success: true, data: { events } }));
const ticketsAre = (tickets: { ticket: EventTicket; event: GymEvent }[]) =>
  on(r.myTickets, () => reply(r.myTickets, 200, { success: true, data: { tickets } }));
const member = () => signedInShell(aUser({ role: 'member', locations: [PUNE] }));

describe('member events', { timeout: 15_000 }, () => {
  it('lists upcoming events with their time in the location’s clock and places left, and takes a free ticket', async () => {
    const e = anEvent();
    let taken = 0;
    server.use(
      ...member(),
      ticketsAre([]),
      eventsAre([e]),
      on(r.takeTicket, () => {
        taken += 1;
        return reply(r.takeTicket, 201, { success: true, data: { ticket: aTicket(e), event: { ...e, taken: 13, myTicket: aTicket(e) } } });
      }),
    );
    const { user } = renderApp('/dashboard/me/events');
    expect(await screen.findByRole('heading', { name: 'Events', level: 1 })).toBeTruthy();
    const card = await screen.findByTestId('event-card');
    expect(within(card).getByText(/09:00–12:00/)).toBeTruthy();
    expect(within(card).getByTestId('event-places').textContent).toBe('8 places left · 12 of 20 places taken');
    expect(card.querySelector('.sched-muted')?.textContent).toBe('Workshop · Akhada Pune · Free');
    await user.click(within(card).getByRole('button', { name: 'Take a ticket for Mobility workshop' }));
    await waitFor(() => expect(taken).toBe(1));
  });

  it('says why a ticket was refused (the event filled meanwhile)', async () => {
    const e = anEvent({ taken: 19 });
    server.use(
      ...member(),
      ticketsAre([]),
      eventsAre([e]),
      on(r.takeTicket, () => problem(409, 'EVENT_FULL', 'This event is full.')),
    );
    const { user } = renderApp('/dashboard/me/events');
    const card = await screen.findByTestId('event-card');
    await user.click(within(card).getByRole('button', { name: 'Take a ticket for Mobility workshop' }));
    expect((await within(card).findByTestId('ticket-refusal')).textContent).toBe('This event is full.');
  });

  it('says before cancelling that a paid ticket is refunded more than 24 hours before the start', async () => {
    const e = anEvent({ pricePaise: 50_000 });
    let cancelled = 0;
    server.use(
      ...member(),
      ticketsAre([{ ticket: aTicket(e), event: { ...e, myTicket: aTicket(e) } }]),
      eventsAre([]),
      on(r.cancelTicket, () => {
        cancelled += 1;
        return reply(r.cancelTicket, 200, { success: true, data: { ticket: aTicket(e, { status: 'cancelled', refund: 'due' }), refunded: true } });
      }),
    );
    const { user } = renderApp('/dashboard/me/events');
    const mine = await screen.findByTestId('my-ticket');
    expect(within(mine).getByText('Confirmed')).toBeTruthy();
    await user.click(within(mine).getByRole('button', { name: 'Cancel your ticket for Mobility workshop' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('refund-note').textContent).toBe('You will get ₹500 back: it is more than 24 hours before the start.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel ticket' }));
    await waitFor(() => expect(cancelled).toBe(1));
  });

  it('says within 24 hours of the start that the money is not refunded', async () => {
    const soon = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const e = anEvent({ pricePaise: 50_000, startsAt: soon, endsAt: new Date(Date.now() + 5 * 3_600_000).toISOString() });
    server.use(...member(), ticketsAre([{ ticket: aTicket(e), event: e }]), eventsAre([]));
    const { user } = renderApp('/dashboard/me/events');
    await user.click(await screen.findByRole('button', { name: 'Cancel your ticket for Mobility workshop' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('refund-note').textContent).toBe('It is less than 24 hours before the start, so the ₹500 is not refunded.');
  });
});

describe('member events: paid tickets', { timeout: 15_000 }, () => {
  it('buys a paid ticket; a held one waits for its payment, then offers Pay now (Checkout); a refunded one says so', async () => {
    const e = anEvent({ pricePaise: 50_000 });
    const held = aTicket(e, { status: 'pending', holdUntil: '2099-03-01T00:15:00.000Z', purchaseId: crypto.randomUUID(), paymentId: null });
    const payable = { ...held, paymentId: crypto.randomUUID() };
    const gone = anEvent({ title: 'Rained-off run', pricePaise: 25_000, status: 'cancelled' });
    let bought = 0;
    server.use(
      ...member(),
      razorpayStatusIs(true),
      ticketsAre([
        { ticket: payable, event: { ...e, myTicket: payable } },
        { ticket: aTicket(gone, { status: 'cancelled', refund: 'refunded' }), event: gone },
      ]),
      eventsAre([anEvent({ title: 'Sunday 5k', pricePaise: 50_000 }), { ...e, myTicket: held }]),
      on(r.takeTicket, () => {
        bought += 1;
        return reply(r.takeTicket, 201, { success: true, data: { ticket: held, event: { ...e, taken: 13, myTicket: held } } });
      }),
    );
    const { user } = renderApp('/dashboard/me/events');
    const [mine, refunded] = await screen.findAllByTestId('my-ticket');
    expect(within(mine!).getByText('Awaiting payment')).toBeTruthy();
    expect(await within(mine!).findByRole('button', { name: 'Pay ₹500 now' })).toBeTruthy();
    expect(within(refunded!).getByText(/Refunded/)).toBeTruthy();
    const upcoming = within(await screen.findByTestId('upcoming-events'));
    expect(upcoming.getByTestId('ticket-preparing').textContent).toBe('Preparing your payment…');
    await user.click(upcoming.getByRole('button', { name: 'Buy a ticket for Sunday 5k' }));
    await waitFor(() => expect(bought).toBe(1));
  });
});

describe('staff events', { timeout: 15_000 }, () => {
  const owner = () => signedInShell(aUser({ role: 'owner', locations: [PUNE] }));
  const attendee = (name: string, status: Attendee['status']): Attendee => ({ ...aTicket(anEvent()), memberId: crypto.randomUUID(), name, status });

  it('lists the location’s events and opens the form for a new one', async () => {
    server.use(...owner(), eventsAre([anEvent({ title: 'Sunday 5k', kind: 'run', pricePaise: 25_000 })]));
    const { user } = renderApp('/dashboard/classes/events');
    const card = await screen.findByTestId('event-card');
    expect(within(card).getByRole('link', { name: 'Sunday 5k' })).toBeTruthy();
    expect(card.querySelector('.sched-muted')?.textContent).toBe('Run · Akhada Pune · ₹250');
    await user.click(screen.getByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toBeTruthy();
  });

  it('shows the attendees, ticks one attended, and asks before cancelling that refunds will be made', async () => {
    const e = anEvent();
    const asha = attendee('Asha Rao', 'confirmed');
    let ticked: string | null = null;
    server.use(
      ...owner(),
      on(r.getEvent, () => reply(r.getEvent, 200, { success: true, data: e })),
      on(r.attendees, () => reply(r.attendees, 200, { success: true, data: { eventId: e.id, attendees: [asha, attendee('Ravi Kumar', 'attended')] } })),
      on(r.markEventAttended, async ({ request }) => {
        ticked = ((await request.json()) as { memberId: string }).memberId;
        return reply(r.markEventAttended, 200, { success: true, data: { ...asha, status: 'attended', attendedAt: '2099-03-14T04:00:00.000Z' } });
      }),
    );
    const { user } = renderApp(`/dashboard/classes/events/${e.id}`);
    const list = await screen.findByTestId('attendees');
    const rows = within(list).getAllByTestId('attendee');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Asha Rao'), expect.stringContaining('Ravi Kumar')]);
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Mark Asha Rao attended' }));
    await waitFor(() => expect(ticked).toBe(asha.memberId));

    await user.click(screen.getByRole('button', { name: 'Cancel event' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Everyone with a ticket is told. Paid tickets are refunded in full.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel event and refund' })).toBeTruthy();
  });
});
