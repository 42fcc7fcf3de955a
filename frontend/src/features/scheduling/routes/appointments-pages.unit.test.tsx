// @vitest-environment jsdom
import {
  schedulingAppointmentRoutes as pt,
  schedulingPackRoutes as packs,
  type Appointment,
  type FreeSlot,
  type PackBalance,
  type PackPurchase,
} from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { aPackType, bookingRules, bookingRulesServed, packTypesAre } from '../../../testing/scheduling';
import { razorpayStatusIs } from '../../../testing/payments';
import { server } from '../../../testing/setup';

const TRAINER = '0198a3c1-0000-7000-8000-0000000000a1';
const ME = '0198a3c1-0000-7000-8000-0000000000b1';
const anAppointment = (over: Partial<Appointment> = {}): Appointment => ({
  id: crypto.randomUUID(),
  locationId: PUNE._id,
  memberId: ME,
  memberName: 'Rohan Patil',
  trainerId: TRAINER,
  trainerName: 'Kavya Nair',
  startsAt: '2027-03-03T01:30:00.000Z',
  endsAt: '2027-03-03T02:30:00.000Z',
  durationMinutes: 60,
  timeZone: 'Asia/Kolkata',
  localDate: '2027-03-03',
  localTime: '07:00',
  status: 'booked',
  late: false,
  bookedBy: ME,
  ...over,
});
const slot = (localDate: string, localTime: string, startsAt: string, minutes = 60): FreeSlot => ({
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(),
  localDate,
  localTime,
});
const appointmentsAre = (list: Appointment[]) => on(pt.list, () => reply(pt.list, 200, { success: true, data: { appointments: list } }));
const OTHER = '0198a3c1-0000-7000-8000-0000000000a2';
/** The trainers the member may book with: their own (and others, when the location allows any trainer). */
const myTrainerIs = (trainer: { firstName: string; lastName: string } | null, others: { id: string; name: string }[] = []) =>
  on(pt.trainers, () =>
    reply(pt.trainers, 200, {
      success: true,
      data: {
        trainers: [
          ...(trainer ? [{ id: TRAINER, name: `${trainer.firstName} ${trainer.lastName}`, locationId: PUNE._id, assigned: true }] : []),
          ...others.map((o) => ({ ...o, locationId: PUNE._id, assigned: false })),
        ],
      },
    }),
  );
const NO_CREDITS: PackBalance = { memberId: ME, remaining: 0, packs: [], history: [], purchases: [] };
const balanceIs = (b: PackBalance) => on(packs.balance, () => reply(packs.balance, 200, { success: true, data: b }));
/** The member's personal-training page also shows their session credits and the packs on sale: none, unless a test says so. */
const member = () => [...signedInShell(aUser({ _id: ME, role: 'member', locations: [PUNE] })), balanceIs(NO_CREDITS), packTypesAre([])];

describe('Personal training (member)', { timeout: 15_000 }, () => {
  it('shows their trainer’s free slots by day for the length they pick, and books the one confirmed', async () => {
    const asked: string[] = [];
    const booked: unknown[] = [];
    server.use(
      ...member(),
      myTrainerIs({ firstName: 'Kavya', lastName: 'Nair' }),
      appointmentsAre([]),
      on(pt.freeSlots, ({ request }) => {
        const minutes = Number(new URL(request.url).searchParams.get('durationMinutes'));
        asked.push(`${new URL(request.url).searchParams.get('trainerId')}:${minutes}`);
        const slots =
          minutes === 30
            ? [slot('2027-03-03', '07:00', '2027-03-03T01:30:00.000Z', 30), slot('2027-03-03', '07:30', '2027-03-03T02:00:00.000Z', 30)]
            : [slot('2027-03-03', '07:00', '2027-03-03T01:30:00.000Z'), slot('2027-03-04', '18:00', '2027-03-04T12:30:00.000Z')];
        return reply(pt.freeSlots, 200, {
          success: true,
          data: { trainerId: TRAINER, locationId: PUNE._id, timeZone: 'Asia/Kolkata', durationMinutes: minutes, slots },
        });
      }),
      on(pt.book, async ({ request }) => {
        const body = (await request.json()) as { startsAt: string; durationMinutes: number };
        booked.push(body);
        return reply(pt.book, 201, {
          success: true,
          data: anAppointment({ startsAt: body.startsAt, localTime: '07:30', durationMinutes: body.durationMinutes }),
        });
      }),
    );
    const { user } = renderApp('/dashboard/me/sessions');
    expect(await screen.findByRole('heading', { name: 'Personal training', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Book a session with Kavya Nair' })).toBeTruthy();
    expect(screen.getByText('No sessions booked')).toBeTruthy();
    // 60 minutes by default, two days of slots.
    await waitFor(() => expect(screen.getAllByTestId('free-slot')).toHaveLength(2));
    expect(asked).toEqual([`${TRAINER}:60`]);
    expect(screen.getAllByRole('group', { name: /Mar/ })).toHaveLength(2);
    // A shorter length: that length's slots.
    await user.click(screen.getByRole('button', { name: '30 min' }));
    await waitFor(() => expect(screen.getAllByTestId('free-slot').map((b) => b.textContent)).toEqual(['07:00', '07:30']));
    await user.click(screen.getAllByTestId('free-slot')[1]!);
    const confirm = await screen.findByTestId('pt-confirm');
    expect(confirm.textContent).toContain('30 min with Kavya Nair');
    expect(confirm.textContent).toContain('07:30');
    await user.click(within(confirm).getByRole('button', { name: 'Book this session' }));
    await waitFor(() => expect(booked).toEqual([{ trainerId: TRAINER, startsAt: '2027-03-03T02:00:00.000Z', durationMinutes: 30 }]));
    expect(await screen.findByText(/Session booked for/)).toBeTruthy();
  });

  it('says why a booking is refused', async () => {
    server.use(
      ...member(),
      myTrainerIs({ firstName: 'Kavya', lastName: 'Nair' }),
      appointmentsAre([]),
      on(pt.freeSlots, () =>
        reply(pt.freeSlots, 200, {
          success: true,
          data: {
            trainerId: TRAINER,
            locationId: PUNE._id,
            timeZone: 'Asia/Kolkata',
            durationMinutes: 60,
            slots: [slot('2027-03-03', '07:00', '2027-03-03T01:30:00.000Z')],
          },
        }),
      ),
      on(pt.book, () => problem(409, 'APPOINTMENT_CLASH', 'The member is booked into Sunrise Yoga at that time.')),
    );
    const { user } = renderApp('/dashboard/me/sessions');
    await user.click(await screen.findByTestId('free-slot'));
    await user.click(await screen.findByTestId('pt-confirm-book'));
    expect((await screen.findByTestId('pt-book-error')).textContent).toContain('The member is booked into Sunrise Yoga at that time.');
  });

  it('with another trainer allowed, picks between them — their own first — and shows the picked one’s slots', async () => {
    const asked: string[] = [];
    server.use(
      ...member(),
      myTrainerIs({ firstName: 'Kavya', lastName: 'Nair' }, [{ id: OTHER, name: 'Imran Shaikh' }]),
      appointmentsAre([]),
      on(pt.freeSlots, ({ request }) => {
        const trainerId = new URL(request.url).searchParams.get('trainerId')!;
        asked.push(trainerId);
        return reply(pt.freeSlots, 200, {
          success: true,
          data: {
            trainerId,
            locationId: PUNE._id,
            timeZone: 'Asia/Kolkata',
            durationMinutes: 60,
            slots: [slot('2027-03-03', '07:00', '2027-03-03T01:30:00.000Z')],
          },
        });
      }),
    );
    const { user } = renderApp('/dashboard/me/sessions');
    const picker = await screen.findByRole('combobox', { name: 'Trainer' });
    expect([...(picker as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Kavya Nair (your trainer)', 'Imran Shaikh']);
    expect(await screen.findByRole('heading', { name: 'Book a session with Kavya Nair' })).toBeTruthy();
    await user.selectOptions(picker, OTHER);
    expect(await screen.findByRole('heading', { name: 'Book a session with Imran Shaikh' })).toBeTruthy();
    await waitFor(() => expect(asked).toEqual([TRAINER, OTHER]));
  });

  it('lists their upcoming sessions and cancels one', async () => {
    const mine = anAppointment();
    let cancelled = '';
    server.use(
      ...member(),
      myTrainerIs(null),
      appointmentsAre([mine, anAppointment({ status: 'cancelled', localDate: '2027-03-05' })]),
      on(pt.cancel, ({ params }) => {
        cancelled = String(params.id);
        return reply(pt.cancel, 200, { success: true, data: { ...mine, status: 'cancelled', late: true } });
      }),
    );
    const { user } = renderApp('/dashboard/me/sessions');
    const rows = await screen.findAllByTestId('my-appointment');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('With Kavya Nair');
    expect(rows[0]!.textContent).toContain('07:00–08:00');
    // No trainer yet: nothing to book, and why.
    expect(screen.getByText('You have no trainer yet')).toBeTruthy();
    await user.click(within(rows[0]!).getByRole('button', { name: /Cancel the session on/ }));
    await waitFor(() => expect(cancelled).toBe(mine.id));
    expect(await screen.findByText('Session cancelled (late: inside the gym’s late-cancel window)'.replace('’', "'"))).toBeTruthy();
  });
});

describe('My appointments (trainer)', { timeout: 15_000 }, () => {
  it('shows the days ahead with their sessions, and marks one that has begun', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(now));
    const begun = anAppointment({
      memberName: 'Meera Joshi',
      startsAt: iso(now - 10 * 60_000),
      endsAt: iso(now + 50 * 60_000),
      localDate: today,
      localTime: '06:00',
    });
    const later = anAppointment({ memberName: 'Arjun Rao' });
    const marked: string[] = [];
    server.use(
      ...signedInShell(aUser({ _id: TRAINER, role: 'trainer', locations: [PUNE] })),
      appointmentsAre([begun, later]),
      on(pt.attended, ({ params }) => {
        marked.push(`attended:${String(params.id)}`);
        return reply(pt.attended, 200, { success: true, data: { ...begun, status: 'attended' } });
      }),
      on(pt.noShow, ({ params }) => {
        marked.push(`no-show:${String(params.id)}`);
        return reply(pt.noShow, 200, { success: true, data: { ...begun, status: 'no_show' } });
      }),
    );
    const { user } = renderApp('/dashboard/my-appointments');
    expect(await screen.findByRole('heading', { name: 'My appointments', level: 1 })).toBeTruthy();
    const days = await screen.findAllByTestId('appointment-day');
    expect(days).toHaveLength(2);
    expect(within(days[0]!).getByRole('heading', { name: 'Today' })).toBeTruthy();
    // The future one has no marks yet; the one under way has both.
    expect(within(days[1]!).queryByRole('button', { name: /Mark Arjun Rao/ })).toBeNull();
    await user.click(within(days[0]!).getByRole('button', { name: 'Mark Meera Joshi as a no-show' }));
    await user.click(within(days[0]!).getByRole('button', { name: 'Mark Meera Joshi attended' }));
    await waitFor(() => expect(marked).toEqual([`no-show:${begun.id}`, `attended:${begun.id}`]));
    expect(await screen.findByText('Meera Joshi marked attended')).toBeTruthy();
  });

  it('says so when nothing is coming up', async () => {
    server.use(...signedInShell(aUser({ _id: TRAINER, role: 'trainer', locations: [PUNE] })), appointmentsAre([]));
    renderApp('/dashboard/my-appointments');
    expect(await screen.findByText('No appointments coming up')).toBeTruthy();
  });
});

describe('Booking rules: personal training', { timeout: 15_000 }, () => {
  it('lets staff allow members to book any trainer of the location', async () => {
    const sent: unknown[] = [];
    const rules = bookingRules({ allowances: { basic: 8, premium: null, vip: null, annual: null } });
    server.use(...signedInShell(aUser({ role: 'owner', locations: [PUNE] })), ...bookingRulesServed(rules, sent));
    const { user } = renderApp('/dashboard/classes/settings');
    const box = await screen.findByRole('checkbox', { name: 'Members may book any trainer of this location' });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ locationId: PUNE._id, ptAnyTrainer: true, opensDaysBefore: 7 })]));
  });
});

describe('Session packs (member)', { timeout: 15_000 }, () => {
  const pack = (over: Partial<PackBalance['packs'][number]> = {}) => ({
    purchaseId: crypto.randomUUID(),
    name: '10 PT sessions',
    sessions: 10,
    used: 3,
    remaining: 7,
    expiresAt: '2027-06-01T12:00:00.000Z',
    expired: false,
    refunded: false,
    ...over,
  });

  it('shows the credits left, each pack’s expiry with expired and refunded ones marked, and the sessions used', async () => {
    const live = pack();
    server.use(
      myTrainerIs(null),
      appointmentsAre([]),
      balanceIs({
        ...NO_CREDITS,
        remaining: 7,
        packs: [
          live,
          pack({ name: 'Trial pack', sessions: 1, used: 0, remaining: 1, expiresAt: '2027-01-10T12:00:00.000Z', expired: true }),
          pack({ name: '5 PT sessions', sessions: 5, used: 1, remaining: 0, refunded: true }),
        ],
        history: [
          { appointmentId: crypto.randomUUID(), purchaseId: live.purchaseId, reason: 'no_show', at: '2027-03-02T12:00:00.000Z' },
          { appointmentId: crypto.randomUUID(), purchaseId: null, reason: 'attended', at: '2027-02-20T12:00:00.000Z' },
        ],
      }),
      // Last: the handlers above answer first.
      ...member(),
    );
    const { user } = renderApp('/dashboard/me/sessions');
    const card = await screen.findByTestId('pack-balance');
    await waitFor(() => expect(within(card).getByTestId('pack-remaining').textContent).toBe('7 Sessions left'));
    const rows = within(card).getAllByTestId('pack');
    expect(rows.map((r) => within(r).getByTestId('pack-expiry').textContent)).toEqual(['Expires 1 Jun 2027', 'Expired 10 Jan 2027', 'Expires 1 Jun 2027']);
    expect(rows[0]!.textContent).toContain('7 of 10 left');
    expect(within(rows[0]!).queryByText('Expired')).toBeNull();
    expect(within(rows[1]!).getByText('Expired')).toBeTruthy();
    expect(within(rows[2]!).getByText('Refunded')).toBeTruthy();
    await user.click(within(card).getByText('Sessions used'));
    const history = within(card)
      .getAllByRole('listitem')
      .filter((li) => li.closest('[data-testid="pack-history"]'));
    expect(history.map((li) => li.textContent)).toEqual(['No-show · 10 PT sessions2 Mar 2027', 'Attended · no credit left20 Feb 2027']);
  });

  it('buys a pack online: the purchase is sent, then shown awaiting payment with Pay now until it is paid', async () => {
    const offer = aPackType();
    const bought: unknown[] = [];
    let readsAfter = 0;
    const purchase: PackPurchase = {
      id: crypto.randomUUID(),
      memberId: ME,
      packTypeId: offer.id,
      name: offer.name,
      sessions: 10,
      validityDays: 90,
      pricePaise: 450_000,
      method: 'online',
      status: 'pending',
      paymentId: crypto.randomUUID(),
      createdAt: '2027-03-01T05:00:00.000Z',
    };
    server.use(
      myTrainerIs(null),
      appointmentsAre([]),
      razorpayStatusIs(true),
      packTypesAre([offer]),
      // After the purchase: first sent to payments (no payment yet), then its pending payment once payments made it.
      on(packs.balance, () => {
        const reads = bought.length === 0 ? 0 : (readsAfter += 1);
        const now = reads === 0 ? [] : reads === 1 ? [{ ...purchase, status: 'requested' as const, paymentId: null }] : [purchase];
        return reply(packs.balance, 200, { success: true, data: { ...NO_CREDITS, purchases: now } });
      }),
      on(packs.buyPack, async ({ request }) => {
        bought.push(await request.json());
        return reply(packs.buyPack, 201, { success: true, data: { ...purchase, status: 'requested', paymentId: null } });
      }),
      // Last: the handlers above answer first.
      ...member(),
    );
    const { user } = renderApp('/dashboard/me/sessions');
    expect(await within(await screen.findByTestId('pack-balance')).findByText('No session packs yet')).toBeTruthy();
    const offers = await screen.findAllByTestId('buy-pack-offer');
    expect(offers[0]!.textContent).toContain('10 sessions · valid 90 days · ₹4,500 + GST');
    await user.click(within(offers[0]!).getByRole('button', { name: 'Buy 10 PT sessions' }));
    await waitFor(() => expect(bought).toEqual([{ packTypeId: offer.id }]));
    // Pending until paid: no way to pay while payments makes the payment, then Pay now (Razorpay Checkout) once it exists.
    expect((await screen.findByTestId('pack-purchase-waiting')).textContent).toContain('Preparing the payment…');
    expect(screen.queryByTestId('pay-online')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('pack-purchase-waiting').textContent).toContain('Awaiting payment'));
    expect((await within(screen.getByTestId('pack-purchase-waiting')).findByTestId('pay-online')).textContent).toBe('Pay now');
  });
});

describe('Booking rules: session packs', { timeout: 15_000 }, () => {
  it('shows whether a late cancel and a no-show use a credit, and sends the change', async () => {
    const sent: unknown[] = [];
    const rules = bookingRules({ packNoShowUses: false });
    server.use(...signedInShell(aUser({ role: 'admin', locations: [PUNE] })), ...bookingRulesServed(rules, sent));
    const { user } = renderApp('/dashboard/classes/settings');
    const late = (await screen.findByRole('checkbox', { name: 'A late cancellation uses a session credit' })) as HTMLInputElement;
    const noShow = screen.getByRole('checkbox', { name: 'A no-show uses a session credit' }) as HTMLInputElement;
    expect([late.checked, noShow.checked]).toEqual([true, false]);
    await user.click(late);
    await user.click(noShow);
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ locationId: PUNE._id, packLateCancelUses: false, packNoShowUses: true })]));
  });
});
