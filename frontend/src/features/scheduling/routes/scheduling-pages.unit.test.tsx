// @vitest-environment jsdom
import {
  memberRoutes,
  schedulingPackRoutes as packs,
  schedulingRoutes,
  type ClassSummary,
  type PackBalance,
  type PackPurchase,
  type PackType,
  type Timetable,
} from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { membersAre, signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aMember, aUser, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { aPackType, packTypesAre } from '../../../testing/scheduling';
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

const owner = () => signedInShell(aUser({ role: 'owner', locations: [PUNE] }));

describe('Session packs (staff)', { timeout: 15_000 }, () => {
  it('lists the pack types from the API, archived ones marked, and asks for the archived ones too', async () => {
    const asked: (string | null)[] = [];
    server.use(
      ...owner(),
      on(packs.listPackTypes, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('includeArchived'));
        return reply(packs.listPackTypes, 200, {
          success: true,
          data: [aPackType(), aPackType({ name: 'Trial pack', sessions: 1, validityDays: 7, pricePaise: 49_950, archived: true })],
        });
      }),
    );
    renderApp('/dashboard/classes/packs');
    expect(await screen.findByRole('heading', { name: 'Session packs', level: 1 })).toBeTruthy();
    const rows = await screen.findAllByTestId('pack-type-row');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['10 PT sessions', 'Trial pack']);
    expect(within(rows[0]!).getByTestId('pack-type-facts').textContent).toBe('10 sessions · valid 90 days · ₹4,500 + GST');
    expect(within(rows[1]!).getByTestId('pack-type-facts').textContent).toBe('1 session · valid 7 days · ₹499.5 + GST');
    expect(within(rows[0]!).getByTestId('pack-type-state').textContent).toBe('On sale');
    expect(within(rows[1]!).getByTestId('pack-type-state').textContent).toBe('Not sold');
    expect(within(rows[1]!).getByRole('button', { name: 'Sell Trial pack again' })).toBeTruthy();
    expect(asked).toContain('true');
    expect(screen.getByRole('link', { name: 'Session packs' }).getAttribute('aria-current')).toBe('page');
  });

  it('checks the new pack’s fields before sending, then creates it with the price in paise', async () => {
    const sent: unknown[] = [];
    server.use(
      ...owner(),
      packTypesAre([]),
      on(packs.createPackType, async ({ request }) => {
        const body = (await request.json()) as Omit<PackType, 'id' | 'archived' | 'updatedAt'>;
        sent.push(body);
        return reply(packs.createPackType, 201, { success: true, data: aPackType(body) });
      }),
    );
    const { user } = renderApp('/dashboard/classes/packs');
    expect(await screen.findByText('No session packs yet')).toBeTruthy();
    await user.click(screen.getByTestId('add-pack-type'));
    const modal = await screen.findByTestId('pack-type-modal');
    await user.clear(within(modal).getByTestId('pack-type-sessions'));
    await user.type(within(modal).getByTestId('pack-type-sessions'), '0');
    await user.click(within(modal).getByTestId('pack-type-submit'));
    expect((await within(modal).findByTestId('name-error')).textContent).toBe('Name is required');
    expect(within(modal).getByTestId('sessions-error').textContent).toBe('Sessions must be at least 1');
    expect(within(modal).getByTestId('pricePaise-error').textContent).toBe('Price is required');
    expect(sent).toEqual([]);

    await user.type(within(modal).getByTestId('pack-type-name'), '  20 sessions ');
    await user.clear(within(modal).getByTestId('pack-type-sessions'));
    await user.type(within(modal).getByTestId('pack-type-sessions'), '20');
    await user.clear(within(modal).getByTestId('pack-type-validity'));
    await user.type(within(modal).getByTestId('pack-type-validity'), '120');
    // Rupees are typed: anything else says so in rupees (the contract's own wording is about paise).
    await user.type(within(modal).getByTestId('pack-type-price'), 'abc');
    await waitFor(() => expect(within(modal).getByTestId('pricePaise-error').textContent).toBe('Enter the price in rupees, such as 4500'));
    await user.clear(within(modal).getByTestId('pack-type-price'));
    await user.type(within(modal).getByTestId('pack-type-price'), '8,000.50');
    await user.click(within(modal).getByTestId('pack-type-submit'));
    await waitFor(() => expect(sent).toEqual([{ name: '20 sessions', sessions: 20, validityDays: 120, pricePaise: 800_050 }]));
    expect(await screen.findByText('20 sessions added')).toBeTruthy();
  });

  it('sells a pack to a member picked by search: their credits show, the body names member, pack and method, then the new balance', async () => {
    const kavita = aMember({ firstName: 'Kavita', lastName: 'Rao' });
    const tenPack = aPackType();
    const sold: unknown[] = [];
    const purchase: PackPurchase = {
      id: crypto.randomUUID(),
      memberId: kavita._id,
      packTypeId: tenPack.id,
      name: tenPack.name,
      sessions: 10,
      validityDays: 90,
      pricePaise: 450_000,
      method: 'upi',
      status: 'paid',
      paymentId: crypto.randomUUID(),
      createdAt: '2027-03-01T05:00:00.000Z',
    };
    const empty: PackBalance = { memberId: kavita._id, remaining: 2, packs: [], history: [], purchases: [] };
    const oldPack = { purchaseId: crypto.randomUUID(), name: '5 sessions', sessions: 5, used: 3, remaining: 2, expired: false, refunded: false };
    const before: PackBalance = { ...empty, packs: [{ ...oldPack, expiresAt: '2027-04-01T12:00:00.000Z' }] };
    const after: PackBalance = {
      ...before,
      remaining: 12,
      packs: [
        ...before.packs,
        {
          purchaseId: purchase.id,
          name: tenPack.name,
          sessions: 10,
          used: 0,
          remaining: 10,
          expiresAt: '2027-05-30T12:00:00.000Z',
          expired: false,
          refunded: false,
        },
      ],
      purchases: [purchase],
    };
    const balanceFor: string[] = [];
    server.use(
      ...owner(),
      packTypesAre([tenPack, aPackType({ name: 'Old pack', archived: true })]),
      membersAre([kavita]),
      on(packs.balance, ({ request }) => {
        balanceFor.push(new URL(request.url).searchParams.get('memberId') ?? '');
        return reply(packs.balance, 200, { success: true, data: sold.length ? after : before });
      }),
      on(packs.sellPack, async ({ request }) => {
        sold.push(await request.json());
        return reply(packs.sellPack, 201, { success: true, data: purchase });
      }),
    );
    const { user } = renderApp('/dashboard/classes/packs');
    await user.click(await screen.findByTestId('sell-pack'));
    const modal = await screen.findByTestId('sell-pack-modal');
    // The archived pack is not offered.
    expect(within(within(modal).getByTestId('sell-pack-type')).queryByRole('option', { name: /Old pack/ })).toBeNull();
    await user.click(within(modal).getByTestId('sell-pack-submit'));
    expect((await within(modal).findByTestId('memberId-error')).textContent).toBe('Please enter a member ID');
    expect(sold).toEqual([]);

    await user.type(within(modal).getByTestId('sell-member-search'), 'Kav');
    await user.click(await within(modal).findByRole('option', { name: /Kavita Rao/ }));
    // Their credits before the sale.
    const credits = await within(modal).findByTestId('pack-balance');
    await waitFor(() => expect(within(credits).getByTestId('pack-remaining').textContent).toContain('2'));
    expect(within(credits).getByTestId('pack-expiry').textContent).toBe('Expires 1 Apr 2027');
    await user.click(within(modal).getByTestId('sell-method-upi'));
    await user.click(within(modal).getByTestId('sell-pack-submit'));
    await waitFor(() => expect(sold).toEqual([{ memberId: kavita._id, packTypeId: tenPack.id, method: 'upi' }]));
    const done = await within(modal).findByTestId('sell-pack-done');
    expect(within(done).getByText('10 PT sessions sold to Kavita Rao')).toBeTruthy();
    await waitFor(() => expect(within(done).getByTestId('pack-remaining').textContent).toBe('12 Sessions left'));
    expect(
      within(done)
        .getAllByTestId('pack-expiry')
        .map((e) => e.textContent),
    ).toEqual(['Expires 1 Apr 2027', 'Expires 30 May 2027']);
    expect(new Set(balanceFor)).toEqual(new Set([kavita._id]));
  });
});
