// @vitest-environment jsdom
import {
  CreateMemberBody,
  GYM_SERVICE_RATES,
  memberPlanRoutes,
  memberRoutes,
  paymentsRoutes,
  rateOn,
  type Member,
  type MembershipPlan,
} from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { membershipPlansAre, membersAre, signedInShell } from '../../../testing/app-handlers';
import { barrier, on, problem, reply } from '../../../testing/contract-handlers';
import { aMember, aMemberDetail, aUser, BENGALURU, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { formatDate } from '../../../lib/format';
import { addMonths, todayIn } from '../lib/renewal';

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

/** The members service, kept in memory: the list answers with what was added. */
function membersService(initial: Member[] = []) {
  const members = [...initial];
  const bodies: unknown[] = [];
  return {
    members,
    bodies,
    handlers: [
      on(memberRoutes.create, async ({ request }) => {
        const body = CreateMemberBody.parse(await request.json());
        bodies.push(body);
        const member = aMember({
          firstName: body.firstName,
          lastName: body.lastName,
          membershipFee: body.membershipFee,
          locationId: body.locationId ?? PUNE._id,
        });
        members.unshift(member);
        return reply(memberRoutes.create, 201, { success: true, data: member });
      }),
    ],
  };
}

async function openForm() {
  const view = renderApp('/dashboard/members?add=1');
  const dialog = await screen.findByRole('dialog', { name: 'Add New Member' });
  return { ...view, dialog: within(dialog) };
}

// The screens load lazily and are compiled on first use: do that before the tests, not inside the first one's time.
beforeAll(async () => {
  await Promise.all([
    import('./add-member-modal'),
    import('../routes/members-page'),
    import('../routes/member-detail-page'),
    import('../../../app/shell/app-shell'),
  ]);
});

describe('add-member form', () => {
  it('names what is missing or wrong and sends nothing', async () => {
    const service = membersService();
    server.use(...signedInShell(), membersAre(service.members), ...service.handlers);
    const { user, dialog } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Add Member' }));

    expect(await dialog.findByText('First name is required')).toBeTruthy();
    expect(dialog.getByText('Last name is required')).toBeTruthy();
    expect(dialog.getByText('Email is required')).toBeTruthy();
    expect(dialog.getByText('Phone is required')).toBeTruthy();
    expect(dialog.getByLabelText(/^First Name/).getAttribute('aria-invalid')).toBe('true');

    await fill(user, dialog.getByLabelText(/^Membership Fee/), '12.345');
    await fill(user, dialog.getByLabelText(/^Phone/), '12');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await dialog.findByText('Use at most two decimals')).toBeTruthy();
    expect(dialog.getByText('Enter a valid phone number')).toBeTruthy();

    await user.clear(dialog.getByLabelText(/^Membership Fee/));
    await fill(user, dialog.getByLabelText(/^Membership Fee/), 'a lot');
    expect(await dialog.findByText('Enter an amount in rupees')).toBeTruthy();
    expect(service.bodies).toEqual([]);
  });

  it('adds the member, says so, closes and shows them in the list', async () => {
    const service = membersService([aMember({ firstName: 'Kavita', lastName: 'Rao' })]);
    server.use(...signedInShell(), membersAre(service.members), ...service.handlers);
    const { user, dialog } = await openForm();
    await fill(user, dialog.getByLabelText(/^First Name/), 'Lakshmi');
    await fill(user, dialog.getByLabelText(/^Last Name/), 'Iyer');
    await fill(user, dialog.getByLabelText(/^Email/), 'Lakshmi@Example.in ');
    await fill(user, dialog.getByLabelText(/^Phone/), '+91 98200 12345');
    await user.selectOptions(dialog.getByLabelText(/^Membership Type/), 'premium');
    await fill(user, dialog.getByLabelText(/^Membership Fee/), '1,999.50');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));

    expect(await screen.findByText('Lakshmi Iyer has been added')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(service.bodies).toEqual([
      {
        firstName: 'Lakshmi',
        lastName: 'Iyer',
        email: 'lakshmi@example.in',
        phone: '+91 98200 12345',
        membershipType: 'premium',
        membershipFee: 1999.5,
        paymentFrequency: 'monthly',
        paymentMethod: 'cash',
        startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        locationId: expect.any(String),
      },
    ]);
    const table = await screen.findByTestId('members-table');
    await waitFor(() => expect(within(table).getAllByTestId('member-row')).toHaveLength(2));
    expect(within(table).getByText('Lakshmi Iyer')).toBeTruthy();
  });

  it('opened from an enquiry ("Convert to member"): filled from the lead, and the request links the lead and its source', async () => {
    const service = membersService();
    server.use(...signedInShell(), membersAre(service.members), ...service.handlers);
    const enquiryId = crypto.randomUUID();
    const q = new URLSearchParams({ add: '1', enquiryId, name: 'Kiran R Shah', phone: '98765 43210', email: 'kiran@example.in', source: 'instagram' });
    const view = renderApp(`/dashboard/members?${q.toString()}`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add New Member' }));
    expect(dialog.getByTestId('add-member-from-enquiry').textContent).toContain('came via Instagram');
    expect((dialog.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('Kiran');
    expect((dialog.getByLabelText(/^Last Name/) as HTMLInputElement).value).toBe('R Shah');
    expect((dialog.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('kiran@example.in');
    await view.user.click(screen.getByRole('button', { name: 'Add Member' }));
    await waitFor(() => expect(service.bodies).toHaveLength(1));
    expect(service.bodies[0]).toMatchObject({ firstName: 'Kiran', lastName: 'R Shah', phone: '98765 43210', enquiryId, acquisitionSource: 'instagram' });
  });

  it('shows the plan limit in the form, with a way to choose a plan, and keeps what was typed', async () => {
    server.use(
      ...signedInShell(),
      membersAre([]),
      on(memberRoutes.create, () => problem(409, 'PLAN_LIMIT', 'Your starter plan allows 50 members. Choose a bigger plan to add more.')),
    );
    const { user, dialog } = await openForm();
    await fill(user, dialog.getByLabelText(/^First Name/), 'Lakshmi');
    await fill(user, dialog.getByLabelText(/^Last Name/), 'Iyer');
    await fill(user, dialog.getByLabelText(/^Email/), 'lakshmi@example.in');
    await fill(user, dialog.getByLabelText(/^Phone/), '+91 98200 12345');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const limit = await dialog.findByTestId('add-member-plan-limit');
    expect(limit.textContent).toContain('Your plan is full');
    expect(limit.textContent).toContain('Your starter plan allows 50 members. Choose a bigger plan to add more.');
    expect(within(limit).getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/dashboard/settings/plan');
    expect((dialog.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('Lakshmi');
    expect(screen.getByRole('dialog', { name: 'Add New Member' })).toBeTruthy();
  });

  it('opens a member right after adding them, without a reload: the detail loads their terms, nothing breaks', async () => {
    const service = membersService([aMember({ firstName: 'Kavita', lastName: 'Rao' })]);
    // The detail answers only once the test lets it: until then the screen has nothing but what the cache holds.
    const detailGate = barrier();
    server.use(
      ...signedInShell(),
      membersAre(service.members),
      ...service.handlers,
      on(memberRoutes.get, async ({ params }) => {
        await detailGate.released;
        const added = service.members.find((m) => m._id === params.id);
        if (!added) return problem(404, 'NOT_FOUND', 'Member not found');
        const { _id, ...rest } = added;
        return reply(memberRoutes.get, 200, { success: true, data: { ...aMemberDetail({ ...rest }), _id } });
      }),
      on(memberRoutes.measurements, () =>
        reply(memberRoutes.measurements, 200, { success: true, data: [], totalCount: 0, pagination: { page: 1, limit: 100, totalPages: 1 } }),
      ),
    );
    const { user, dialog } = await openForm();
    await fill(user, dialog.getByLabelText(/^First Name/), 'Lakshmi');
    await fill(user, dialog.getByLabelText(/^Last Name/), 'Iyer');
    await fill(user, dialog.getByLabelText(/^Email/), 'lakshmi@example.in');
    await fill(user, dialog.getByLabelText(/^Phone/), '+91 98200 12345');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Lakshmi Iyer has been added')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const table = await screen.findByTestId('members-table');
    await user.click(await within(table).findByRole('link', { name: 'View Lakshmi Iyer' }));
    detailGate.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lakshmi Iyer' })).toBeTruthy();
    expect(await screen.findAllByTestId('term-row')).toHaveLength(1);
    expect(screen.queryByTestId('route-error')).toBeNull();
  });

  it('checks the optional date of birth and sends it with the gender', async () => {
    const service = membersService();
    server.use(...signedInShell(), membersAre(service.members), ...service.handlers);
    const { user, dialog } = await openForm();
    await fill(user, dialog.getByLabelText(/^First Name/), 'Lakshmi');
    await fill(user, dialog.getByLabelText(/^Last Name/), 'Iyer');
    await fill(user, dialog.getByLabelText(/^Email/), 'lakshmi@example.in');
    await fill(user, dialog.getByLabelText(/^Phone/), '+91 98200 12345');
    const dob = dialog.getByLabelText(/^Date of Birth/);
    await user.type(dob, '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await dialog.findByText('Date of birth cannot be in the future')).toBeTruthy();
    expect(service.bodies).toEqual([]);
    await user.clear(dob);
    await user.type(dob, '1994-06-15');
    await user.selectOptions(dialog.getByLabelText(/^Gender/), 'female');
    await user.selectOptions(dialog.getByLabelText(/^Payment Method/), 'upi');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    await waitFor(() => expect(service.bodies).toHaveLength(1));
    expect(service.bodies[0]).toMatchObject({ dateOfBirth: '1994-06-15', gender: 'female', paymentMethod: 'upi' });
  });

  it('puts the server’s field issues on their fields', async () => {
    server.use(
      ...signedInShell(),
      membersAre([]),
      on(memberRoutes.create, () =>
        problem(409, 'CONFLICT', 'A member with this email already exists', [{ path: 'email', message: 'A member with this email already exists' }]),
      ),
    );
    const { user, dialog } = await openForm();
    await fill(user, dialog.getByLabelText(/^First Name/), 'Lakshmi');
    await fill(user, dialog.getByLabelText(/^Last Name/), 'Iyer');
    await fill(user, dialog.getByLabelText(/^Email/), 'lakshmi@example.in');
    await fill(user, dialog.getByLabelText(/^Phone/), '+91 98200 12345');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect((await dialog.findByTestId('add-member-error')).textContent).toContain('A member with this email already exists');
    await waitFor(() => expect(dialog.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true'));
  });

  describe('membership plans', () => {
    const quarterly: MembershipPlan = {
      _id: '0198a3c1-0000-7000-8000-0000000000c1',
      name: 'Quarterly',
      type: 'premium',
      durationMonths: 3,
      price: 3999.5,
      gstInclusive: true,
    };
    const halfYearly: MembershipPlan = {
      _id: '0198a3c1-0000-7000-8000-0000000000c2',
      name: 'Half-yearly',
      type: 'vip',
      durationMonths: 6,
      price: 9000,
      gstInclusive: false,
    };
    /** Both branches are GST-registered: a plan priced without GST costs the member its price plus the day's rate. */
    const registered = on(paymentsRoutes.taxSettings, () =>
      reply(paymentsRoutes.taxSettings, 200, {
        success: true,
        data: {
          sacCode: '999723',
          hindiInvoices: false,
          locations: [PUNE, BENGALURU].map((l) => ({
            locationId: l._id,
            gstRegistered: true,
            gstin: '27AAPFU0939F1ZV',
            stateCode: '27',
            legalName: 'Akhada Fitness',
            address: l.city,
            invoicePrefix: 'PUN',
          })),
        },
      }),
    );
    const today = todayIn('Asia/Kolkata');
    const rate = rateOn(GYM_SERVICE_RATES, today);
    const withGst = 9000 + (9000 * rate) / 10_000;
    const money = (n: number) => `₹${n.toLocaleString('en-IN')}`;

    async function fillPerson(user: Parameters<typeof fill>[0], dialog: ReturnType<typeof within>) {
      await fill(user, dialog.getByLabelText(/^First Name/), 'Lakshmi');
      await fill(user, dialog.getByLabelText(/^Last Name/), 'Iyer');
      await fill(user, dialog.getByLabelText(/^Email/), 'lakshmi@example.in');
      await fill(user, dialog.getByLabelText(/^Phone/), '+91 98200 12345');
    }

    it('offers the gym’s plans with what the member pays; picking one fills type, period and fee, and the request carries them', async () => {
      const service = membersService();
      server.use(...signedInShell(), membersAre(service.members), ...service.handlers, membershipPlansAre([quarterly, halfYearly]), registered);
      const { user, dialog } = await openForm();
      const picker = (await dialog.findByLabelText(/^Membership Plan/)) as HTMLSelectElement;
      await waitFor(() =>
        expect([...picker.options].map((o) => o.textContent)).toEqual([
          'Custom: enter type, period and fee',
          'Quarterly (Premium) — 3 months — ₹3,999.50 (GST incl.)',
          `Half-yearly (VIP) — 6 months — ${money(withGst)} (₹9,000 + ${rate / 100}% GST)`,
        ]),
      );
      const value = (label: RegExp) => (dialog.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

      await user.selectOptions(picker, quarterly._id);
      expect([value(/^Membership Type/), value(/^Payment Frequency/), value(/^Membership Fee/)]).toEqual(['premium', 'quarterly', '3999.5']);
      await user.selectOptions(picker, halfYearly._id);
      expect([value(/^Membership Type/), value(/^Payment Frequency/), value(/^Membership Fee/)]).toEqual(['vip', 'quarterly', String(withGst)]);
      expect(dialog.getByText(`6 months: ends ${formatDate(addMonths(today, 6), 'en')}`)).toBeTruthy();

      await fillPerson(user, dialog);
      await user.click(screen.getByRole('button', { name: 'Add Member' }));
      await waitFor(() => expect(service.bodies).toHaveLength(1));
      expect(service.bodies[0]).toMatchObject({ membershipType: 'vip', paymentFrequency: 'quarterly', durationMonths: 6, membershipFee: withGst });
    });

    it('lets staff change a plan’s fee; changing its type makes the term a custom one', async () => {
      const service = membersService();
      server.use(...signedInShell(), membersAre(service.members), ...service.handlers, membershipPlansAre([quarterly]));
      const { user, dialog } = await openForm();
      const picker = (await dialog.findByLabelText(/^Membership Plan/)) as HTMLSelectElement;
      await user.selectOptions(picker, quarterly._id);
      await fill(user, dialog.getByLabelText(/^Membership Fee/), '3500');
      expect(picker.value).toBe(quarterly._id);
      await fillPerson(user, dialog);
      await user.click(screen.getByRole('button', { name: 'Add Member' }));
      await waitFor(() => expect(service.bodies).toHaveLength(1));
      expect(service.bodies[0]).toMatchObject({ membershipType: 'premium', paymentFrequency: 'quarterly', durationMonths: 3, membershipFee: 3500 });

      await user.click(screen.getByRole('button', { name: '+ Add New Member' }));
      const again = within(await screen.findByRole('dialog', { name: 'Add New Member' }));
      const picker2 = (await again.findByLabelText(/^Membership Plan/)) as HTMLSelectElement;
      await user.selectOptions(picker2, quarterly._id);
      await user.selectOptions(again.getByLabelText(/^Membership Type/), 'vip');
      expect(picker2.value).toBe('');
      await fill(user, again.getByLabelText(/^First Name/), 'Meera');
      await fill(user, again.getByLabelText(/^Last Name/), 'Nair');
      await fill(user, again.getByLabelText(/^Email/), 'meera@example.in');
      await fill(user, again.getByLabelText(/^Phone/), '+91 98200 54321');
      await user.click(screen.getByRole('button', { name: 'Add Member' }));
      await waitFor(() => expect(service.bodies).toHaveLength(2));
      expect(service.bodies[1]).toMatchObject({ membershipType: 'vip', paymentFrequency: 'quarterly', membershipFee: 3999.5 });
      expect(service.bodies[1]).not.toHaveProperty('durationMonths');
    });

    it('without plans the form is the one it was, with a hint for the owner to add plans in Settings', async () => {
      const service = membersService();
      server.use(...signedInShell(), membersAre(service.members), ...service.handlers);
      const { user, dialog } = await openForm();
      const none = await dialog.findByTestId('member-plans-none');
      expect(none.textContent).toContain('No membership plans yet.');
      expect(within(none).getByRole('link', { name: 'Add them in Settings → Gym Settings' }).getAttribute('href')).toBe('/dashboard/settings?tab=gym');
      expect(dialog.queryByLabelText(/^Membership Plan/)).toBeNull();
      await fillPerson(user, dialog);
      await fill(user, dialog.getByLabelText(/^Membership Fee/), '2000');
      await user.click(screen.getByRole('button', { name: 'Add Member' }));
      await waitFor(() => expect(service.bodies).toHaveLength(1));
      expect(service.bodies[0]).toEqual({
        firstName: 'Lakshmi',
        lastName: 'Iyer',
        email: 'lakshmi@example.in',
        phone: '+91 98200 12345',
        membershipType: 'basic',
        membershipFee: 2000,
        paymentFrequency: 'monthly',
        paymentMethod: 'cash',
        startDate: today,
        locationId: expect.any(String),
      });
    });

    it('tells an admin the owner adds plans, without a link', async () => {
      server.use(...signedInShell(aUser({ role: 'admin' })), membersAre([]));
      const { dialog } = await openForm();
      const none = await dialog.findByTestId('member-plans-none');
      expect(none.textContent).toContain('The gym owner adds them in Settings → Gym Settings.');
      expect(within(none).queryByRole('link')).toBeNull();
    });

    it('when the plans cannot be loaded, says so, and the member can still be added by hand', async () => {
      const service = membersService();
      server.use(
        ...signedInShell(),
        membersAre(service.members),
        ...service.handlers,
        on(memberPlanRoutes.plans, () => problem(503, 'SERVICE_UNAVAILABLE', 'The members service is not available right now')),
      );
      const { user, dialog } = await openForm();
      const failed = await dialog.findByTestId('member-plans-error');
      expect(failed.textContent).toContain('Membership plans could not be loaded. You can still enter the membership type, period and fee yourself.');
      expect(within(failed).getByRole('button', { name: 'Retry' })).toBeTruthy();
      await fillPerson(user, dialog);
      await user.selectOptions(dialog.getByLabelText(/^Membership Type/), 'premium');
      await fill(user, dialog.getByLabelText(/^Membership Fee/), '1999');
      await user.click(screen.getByRole('button', { name: 'Add Member' }));
      await waitFor(() => expect(service.bodies).toHaveLength(1));
      expect(service.bodies[0]).toMatchObject({ membershipType: 'premium', membershipFee: 1999, paymentFrequency: 'monthly' });
      expect(service.bodies[0]).not.toHaveProperty('durationMonths');
      expect(await screen.findByText('Lakshmi Iyer has been added')).toBeTruthy();
    });

    it('Retry loads the plans once the service answers', async () => {
      let plansUp = false;
      server.use(
        ...signedInShell(),
        membersAre([]),
        on(memberPlanRoutes.plans, () =>
          plansUp
            ? reply(memberPlanRoutes.plans, 200, { success: true, data: [quarterly] })
            : problem(503, 'SERVICE_UNAVAILABLE', 'The members service is not available right now'),
        ),
      );
      const { user, dialog } = await openForm();
      const failed = await dialog.findByTestId('member-plans-error');
      plansUp = true;
      await user.click(within(failed).getByRole('button', { name: 'Retry' }));
      expect(await dialog.findByLabelText(/^Membership Plan/)).toBeTruthy();
      expect(dialog.queryByTestId('member-plans-error')).toBeNull();
    });
  });
});
