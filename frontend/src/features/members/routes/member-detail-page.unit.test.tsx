// @vitest-environment jsdom
import {
  audienceRoutes,
  attendanceRoutes,
  AssignTrainerBody,
  memberRoutes,
  RecordMeasurementBody,
  trainersRoutes,
  UpdateMemberBody,
  type Measurement,
  type MemberDetail,
} from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { aPayment, memberPaymentsAre } from '../../../testing/payments';
import { marketingConsentIs, membersAre, signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aMeasurement, aMemberDetail, aTrainer, aUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { anAttendance } from '../../../testing/attendance';

/** Puts text in a field at once (typing it key by key makes these tests slow on a busy machine). */
async function fill(
  user: { clear: (el: Element) => Promise<void>; click: (el: Element) => Promise<void>; paste: (text: string) => Promise<void> },
  el: Element,
  text: string,
) {
  await user.clear(el);
  await user.click(el);
  await user.paste(text);
}

/** The members service for one member, kept in memory: reads answer with what the writes changed. */
function memberService(initial: MemberDetail, measurements: Measurement[] = []) {
  let member = initial;
  const calls: { route: string; body?: unknown }[] = [];
  const update = (patch: Partial<MemberDetail>) => {
    member = { ...member, ...patch, version: member.version + 1 };
    return member;
  };
  const asMember = ({ terms: _terms, ...m }: MemberDetail) => m;
  return {
    calls,
    get current() {
      return member;
    },
    handlers: [
      on(memberRoutes.get, () => reply(memberRoutes.get, 200, { success: true, data: member })),
      on(memberRoutes.measurements, () =>
        reply(memberRoutes.measurements, 200, {
          success: true,
          data: measurements,
          totalCount: measurements.length,
          pagination: { page: 1, limit: 100, totalPages: 1 },
        }),
      ),
      on(memberRoutes.update, async ({ request }) => {
        const body = UpdateMemberBody.parse(await request.json());
        calls.push({ route: 'update', body });
        if (body.expectedVersion !== member.version) return problem(409, 'CONCURRENCY_CONFLICT', 'This member was changed by someone else');
        const m = update({
          user: { ...member.user, firstName: body.firstName, lastName: body.lastName, email: body.email, phone: body.phone },
          fullName: `${body.firstName} ${body.lastName}`,
        });
        return reply(memberRoutes.update, 200, { success: true, data: asMember(m) });
      }),
      on(memberRoutes.freeze, () => {
        calls.push({ route: 'freeze' });
        return reply(memberRoutes.freeze, 200, {
          success: true,
          data: asMember(update({ membershipStatus: 'frozen', status: 'frozen', frozenFrom: '2026-01-20' })),
        });
      }),
      on(memberRoutes.archive, () => {
        calls.push({ route: 'archive' });
        return reply(memberRoutes.archive, 200, { success: true, message: 'Member archived' });
      }),
      on(memberRoutes.resendInvitation, () => {
        calls.push({ route: 'resend' });
        return reply(memberRoutes.resendInvitation, 200, { success: true, message: 'Invitation sent' });
      }),
      on(memberRoutes.deleteMeasurement, ({ params }) => {
        calls.push({ route: 'delete' });
        const i = measurements.findIndex((x) => x._id === params.measurementId);
        if (i < 0) return problem(404, 'NOT_FOUND', 'Measurement not found');
        measurements.splice(i, 1);
        return reply(memberRoutes.deleteMeasurement, 200, { success: true, message: 'Measurement deleted' });
      }),
      on(memberRoutes.recordMeasurement, async ({ request }) => {
        const body = RecordMeasurementBody.parse(await request.json());
        calls.push({ route: 'record', body });
        const m = aMeasurement({
          memberId: member._id,
          measuredOn: body.measuredOn ?? '2026-02-01',
          weightKg: body.weightKg ?? null,
          bodyFatPercent: null,
          chestCm: null,
          waistCm: body.waistCm ?? null,
          armsCm: null,
        });
        measurements.unshift(m);
        return reply(memberRoutes.recordMeasurement, 201, { success: true, data: m });
      }),
    ],
  };
}

const open = async (member: MemberDetail) => {
  const view = renderApp(`/dashboard/members/${member._id}`);
  await screen.findByRole('heading', { level: 1, name: member.fullName });
  return view;
};

// The screens load lazily and are compiled on first use: do that before the tests, not inside the first one's time.
beforeAll(async () => {
  await Promise.all([
    import('./member-detail-page'),
    import('../components/renew-dialog'),
    import('../components/edit-profile-dialog'),
    import('../components/assign-trainer-dialog'),
    import('./members-page'),
    import('../../../app/shell/app-shell'),
  ]);
});

describe('member detail', () => {
  it('shows the header, personal information with "Not provided", membership details and the history of terms', async () => {
    const member = aMemberDetail({
      firstName: 'Kavita',
      lastName: 'Rao',
      membershipType: 'premium',
      membershipFee: 2500,
      accountStatus: 'invited',
      terms: [
        {
          termNo: 2,
          membershipType: 'premium',
          paymentFrequency: 'monthly',
          paymentMethod: 'upi',
          fee: 2500,
          startDate: '2026-02-01',
          endDate: '2026-03-01',
          daysFrozen: 0,
          createdAt: '2026-01-30T05:00:00.000Z',
        },
        {
          termNo: 1,
          membershipType: 'basic',
          paymentFrequency: 'monthly',
          paymentMethod: 'cash',
          fee: 1500,
          startDate: '2026-01-01',
          endDate: '2026-02-01',
          daysFrozen: 3,
          createdAt: '2026-01-01T05:00:00.000Z',
        },
      ],
    });
    const service = memberService(member);
    server.use(...signedInShell(), ...service.handlers);
    await open(member);
    expect(screen.getByText('Premium')).toBeTruthy();
    expect(screen.getByText('12 days left')).toBeTruthy();
    expect(screen.getByTestId('member-account').textContent).toBe('Sign-in: invitation sent');
    expect(screen.getAllByText('Not provided')).toHaveLength(2);
    expect(screen.getByText('Monthly Fee')).toBeTruthy();
    expect(screen.getAllByText('₹2,500')).toHaveLength(2); // the current fee and the latest term's
    expect(screen.getByTestId('member-trainer').textContent).toBe('Not assigned');
    const terms = screen.getAllByTestId('term-row');
    expect(terms).toHaveLength(2);
    expect(within(terms[0]!).getByText('#2')).toBeTruthy();
    expect(within(terms[0]!).getByText('UPI')).toBeTruthy();
    expect(within(terms[1]!).getByText('3 days')).toBeTruthy();
  });

  it("shows the member's visits from the attendance service, and lists the member's payments from the payments service", async () => {
    const member = aMemberDetail();
    const asked: string[] = [];
    server.use(
      ...signedInShell(),
      ...memberService(member).handlers,
      on(attendanceRoutes.memberHistory, ({ params }) => {
        asked.push(String(params.id));
        return reply(attendanceRoutes.memberHistory, 200, {
          success: true,
          data: [anAttendance({ workoutType: 'yoga' })],
          pagination: { current: 1, pages: 1, total: 1, limit: 20 },
          summary: { totalVisits: 1, totalMinutes: 60, avgDuration: 60 },
        });
      }),
      memberPaymentsAre([aPayment({ description: 'Renewal for February', amount: 1500, gstAmount: 270, totalAmount: 1770 })]),
    );
    const { user } = await open(member);
    await user.click(screen.getByRole('tab', { name: 'Attendance' }));
    const visits = await screen.findByTestId('member-visits');
    expect(within(visits).getAllByTestId('attendance-row')).toHaveLength(1);
    expect(within(visits).getByText('Yoga')).toBeTruthy();
    expect(asked).toEqual([member._id]);
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    const payments = await screen.findByTestId('person-payments');
    expect(within(payments).getByText('Renewal for February')).toBeTruthy();
    expect(within(payments).getByTestId('payment-amount').textContent).toBe('₹1,770.00');
    expect(within(payments).getByTestId('payment-status').textContent).toBe('Completed');
    expect(screen.queryByText(/will be implemented/i)).toBeNull();
  });

  it('edits the profile with the version it saw, and says when someone else changed the member', async () => {
    const member = aMemberDetail({ firstName: 'Kavita', lastName: 'Rao', version: 4 });
    const service = memberService(member);
    server.use(...signedInShell(), ...service.handlers);
    const { user } = await open(member);
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Edit Profile' }));
    await user.clear(dialog.getByLabelText(/^Last Name/));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText('Last name is required')).toBeTruthy();
    await fill(user, dialog.getByLabelText(/^Last Name/), 'Rao-Menon');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('heading', { level: 1, name: 'Kavita Rao-Menon' });
    expect(service.calls[0]).toMatchObject({ route: 'update', body: { lastName: 'Rao-Menon', expectedVersion: 4 } });

    // The page still holds version 5 while someone else saves version 6.
    (service.current as { version: number }).version = 6;
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Edit Profile' }));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect((await dialog.findByTestId('edit-member-error')).textContent).toContain('Someone else changed this member.');
    await user.click(dialog.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('assigns a trainer of the member’s location: full and unavailable trainers cannot be chosen, and the server’s refusal is shown', async () => {
    const member = aMemberDetail({ firstName: 'Kavita', lastName: 'Rao' });
    const open1 = aTrainer({ firstName: 'Vikram', lastName: 'Singh', currentClients: 8, maxClients: 15 });
    const full = aTrainer({ firstName: 'Neha', lastName: 'Kulkarni', currentClients: 10, maxClients: 10 });
    const off = aTrainer({ firstName: 'Arjun', lastName: 'Mehta', isAvailable: false, currentClients: 2, maxClients: 10 });
    const asked: string[] = [];
    const bodies: unknown[] = [];
    let refuse = true;
    const service = memberService(member);
    server.use(
      ...signedInShell(),
      ...service.handlers,
      on(trainersRoutes.list, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('locationId') ?? '');
        return reply(trainersRoutes.list, 200, { success: true, data: [open1, full, off], totalCount: 3, pagination: { page: 1, limit: 100, totalPages: 1 } });
      }),
      on(memberRoutes.assignTrainer, async ({ request }) => {
        bodies.push(AssignTrainerBody.parse(await request.json()));
        if (refuse) return problem(409, 'CONFLICT', 'Vikram Singh has no free place (15/15)');
        const { terms: _t, ...m } = member;
        return reply(memberRoutes.assignTrainer, 200, {
          success: true,
          data: { ...m, trainer: { _id: open1._id, user: { firstName: 'Vikram', lastName: 'Singh' }, specialization: ['strength_training'] } },
        });
      }),
    );
    const { user } = await open(member);
    await user.click(screen.getByRole('button', { name: 'Assign Trainer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Trainer' }));
    const choices = await dialog.findAllByTestId('trainer-choice');
    expect(asked).toEqual([member.locationId]);
    expect(choices.map((c) => (c as HTMLInputElement).disabled)).toEqual([false, true, true]);
    expect(dialog.getByText('8/15 clients')).toBeTruthy();
    expect(dialog.getByText('Fully booked: no free place')).toBeTruthy();
    expect(dialog.getByText('Marked unavailable')).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Assign Trainer' }));
    expect(await dialog.findByText('Choose a trainer')).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.click(dialog.getByRole('radio', { name: /Vikram Singh/ }));
    await user.click(dialog.getByRole('button', { name: 'Assign Trainer' }));
    expect((await dialog.findByTestId('assign-trainer-error')).textContent).toContain('Vikram Singh has no free place (15/15)');
    refuse = false;
    await user.click(dialog.getByRole('button', { name: 'Assign Trainer' }));
    expect(await screen.findByText('Vikram Singh now trains Kavita Rao')).toBeTruthy();
    expect(bodies).toEqual([{ trainerId: open1._id }, { trainerId: open1._id }]);
  });

  it('freezes after confirming, resends the invitation, and archives after confirming, back to the list', async () => {
    const member = aMemberDetail({ firstName: 'Kavita', lastName: 'Rao', accountStatus: 'failed' });
    const service = memberService(member);
    server.use(...signedInShell(), ...service.handlers, membersAre([]));
    const { user } = await open(member);

    await user.click(screen.getByRole('button', { name: 'Freeze' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Freeze membership?' }));
    await user.click(dialog.getByRole('button', { name: 'Freeze' }));
    expect(await screen.findByText("Kavita Rao's membership is frozen")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unfreeze' })).toBeTruthy());
    // A frozen membership is unfrozen before it is renewed (the service refuses otherwise), and the button says so.
    expect(screen.getByTestId('member-renew').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('tooltip').textContent).toBe('Unfreeze the membership before renewing it.');
    expect(screen.getAllByText('Frozen')[0]!.className).toContain('badge--info');

    await user.click(screen.getByRole('button', { name: 'Resend Invitation' }));
    expect(await screen.findByText(`A new sign-in link was sent to ${member.user.email}`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Archive' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Archive member?' }));
    expect(dialog.getByText(/Their history and payments are kept/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(service.calls.filter((c) => c.route === 'archive')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Archive member?' }));
    await user.click(dialog.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Members Management' })).toBeTruthy();
    expect(service.calls.map((c) => c.route)).toEqual(['freeze', 'resend', 'archive']);
  });

  it('records a measurement on the progress tab and lists it in the table', async () => {
    const member = aMemberDetail();
    const service = memberService(member, [aMeasurement({ measuredOn: '2026-01-05', weightKg: 82 })]);
    server.use(...signedInShell(), ...service.handlers);
    const { user } = await open(member);
    await user.click(screen.getByRole('tab', { name: 'Progress' }));
    expect(await screen.findAllByTestId('measure-row')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '+ Add Measurement' }));
    const form = within(await screen.findByTestId('measure-form'));
    await user.click(form.getByRole('button', { name: 'Save Measurement' }));
    expect(await form.findByText('Enter at least one measurement')).toBeTruthy();
    await fill(user, form.getByLabelText(/^Weight/), '900');
    await user.click(form.getByRole('button', { name: 'Save Measurement' }));
    expect(await form.findByText('Weight must be at most 400 kg')).toBeTruthy();
    await user.clear(form.getByLabelText(/^Weight/));
    await fill(user, form.getByLabelText(/^Weight/), '79.5');
    await fill(user, form.getByLabelText(/^Waist/), '84');
    await user.click(form.getByRole('button', { name: 'Save Measurement' }));
    await waitFor(() => expect(screen.getAllByTestId('measure-row')).toHaveLength(2));
    expect(service.calls.find((c) => c.route === 'record')?.body).toMatchObject({ weightKg: 79.5, waistCm: 84 });
    expect(screen.getByText('79.5 kg')).toBeTruthy();
    const deletes = screen.getAllByRole('button', { name: /^Delete the measurement of/ });
    expect(deletes).toHaveLength(2);

    await user.click(deletes[1]!);
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete measurement?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('measure-row')).toHaveLength(1));
    expect(service.calls.filter((c) => c.route === 'delete')).toHaveLength(1);
  });

  it('shows the member’s profile picture in the header', async () => {
    const picture = '/api/auth/avatars/0198a3c1-0000-7000-8000-0000000000f1?v=0198a3c1-0000-7000-8000-0000000000f3';
    const member = aMemberDetail({ firstName: 'Kavita', lastName: 'Rao', avatarUrl: picture });
    server.use(...signedInShell(), ...memberService(member).handlers);
    await open(member);
    const header = screen.getByRole('region', { name: 'Kavita Rao' });
    expect(header.querySelector('img.avatar__img')?.getAttribute('src')).toBe(picture);
  });

  it('shows a trainer the member without the staff actions', async () => {
    const member = aMemberDetail();
    server.use(...signedInShell(aUser({ role: 'trainer' })), ...memberService(member).handlers);
    await open(member);
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
    // Marketing consent is recorded by owners and admins only: no card, no call.
    expect(screen.queryByTestId('desk-marketing-consent')).toBeNull();
  });

  it('records the member’s marketing consent per channel at the desk (admin), showing each channel’s state and last change', async () => {
    const member = aMemberDetail();
    const puts: unknown[] = [];
    server.use(
      ...signedInShell(aUser({ role: 'admin' })),
      ...memberService(member).handlers,
      marketingConsentIs({
        whatsapp: { granted: true, method: 'enquiry_form', changedAt: '2030-03-01T05:00:00.000Z' },
        sms: { granted: false, method: 'sms_stop', changedAt: '2030-03-02T05:00:00.000Z' },
      }),
      on(audienceRoutes.updatePersonMarketingConsent, async ({ request, params }) => {
        puts.push({ personId: params.personId, body: await request.json() });
        return reply(audienceRoutes.updatePersonMarketingConsent, 200, {
          success: true,
          data: {
            personId: member._id,
            kind: 'member',
            name: member.fullName,
            channels: [
              { channel: 'whatsapp', granted: true, method: 'enquiry_form', changedAt: '2030-03-01T05:00:00.000Z' },
              { channel: 'sms', granted: false, method: 'sms_stop', changedAt: '2030-03-02T05:00:00.000Z' },
              { channel: 'email', granted: true, method: 'front_desk', changedAt: '2030-03-05T05:00:00.000Z' },
            ],
            history: [],
          },
        });
      }),
    );
    const { user } = await open(member);
    const card = await screen.findByTestId('desk-marketing-consent');
    expect(within(card).getByRole('heading', { name: 'Marketing consent' })).toBeTruthy();
    const whatsapp = await within(card).findByRole('switch', { name: 'WhatsApp' });
    expect((whatsapp as HTMLInputElement).checked).toBe(true);
    expect(within(card).getByTestId('desk-consent-whatsapp').textContent).toContain('Agreed');
    expect(within(card).getByTestId('desk-consent-whatsapp').textContent).toContain('on the public enquiry form');
    expect(within(card).getByTestId('desk-consent-sms').textContent).toContain('replied STOP by SMS');
    expect(within(card).getByTestId('desk-consent-email').textContent).toContain('Not agreed · never recorded');
    await user.click(within(card).getByRole('switch', { name: 'Email' }));
    expect(await within(card).findByText('Recorded: Email — Agreed.')).toBeTruthy();
    expect(puts).toEqual([{ personId: member._id, body: { email: true } }]);
    expect((within(card).getByRole('switch', { name: 'Email' }) as HTMLInputElement).checked).toBe(true);
    expect(within(card).getByTestId('desk-consent-email').textContent).toContain('recorded at the front desk');
  });

  it('a failed load of the marketing consent offers Retry', async () => {
    const member = aMemberDetail();
    let down = true;
    server.use(
      ...signedInShell(),
      ...memberService(member).handlers,
      on(audienceRoutes.personMarketingConsent, () => {
        return down
          ? problem(503, 'UNAVAILABLE', 'Notifications is down')
          : reply(audienceRoutes.personMarketingConsent, 200, {
              success: true,
              data: {
                personId: member._id,
                kind: 'member',
                name: '',
                channels: ['whatsapp', 'sms', 'email'].map((channel) => ({ channel: channel as 'sms', granted: false, method: null, changedAt: null })),
                history: [],
              },
            });
      }),
    );
    const { user } = await open(member);
    const card = await screen.findByTestId('desk-marketing-consent');
    const retry = await within(card).findByRole('button', { name: 'Retry' }, { timeout: 5000 });
    expect(within(card).queryByRole('switch')).toBeNull();
    down = false;
    await user.click(retry);
    expect(await within(card).findByRole('switch', { name: 'SMS' })).toBeTruthy();
  });

  it('says "Member Not Found" for an unknown id, with a way back', async () => {
    server.use(
      ...signedInShell(),
      on(memberRoutes.get, () => problem(404, 'NOT_FOUND', 'Member not found')),
    );
    renderApp('/dashboard/members/0198a3c1-0000-7000-8000-00000000dead');
    expect(await screen.findByText('Member Not Found')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '← Back to Members' }).length).toBeGreaterThan(0);
  });
});
