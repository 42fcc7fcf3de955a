// @vitest-environment jsdom
import { memberRoutes, MemberDetail, RenewMemberBody, type Member } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { membershipPlansAre, signedInShell } from '../../../testing/app-handlers';
import { barrier, on, problem, reply } from '../../../testing/contract-handlers';
import { aMember, aMemberDetail } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { formatDate } from '../../../lib/format';
import { addDays, addMonths, termEnd, todayIn } from '../lib/renewal';

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

/** GET /members as the service answers it (search over name, email, phone; status; type; pages), recording each ask. */
function membersService(members: Member[]) {
  const asked: URLSearchParams[] = [];
  const handler = on(memberRoutes.list, ({ request }) => {
    const q = new URL(request.url).searchParams;
    asked.push(q);
    const limit = Number(q.get('limit') ?? 10);
    const page = Number(q.get('page') ?? 1);
    const search = (q.get('search') ?? '').toLowerCase();
    const matching = members.filter(
      (m) =>
        (!q.get('status') || m.membershipStatus === q.get('status')) &&
        (!q.get('membershipType') || m.membershipType === q.get('membershipType')) &&
        (!search || m.fullName.toLowerCase().includes(search) || m.user.email.includes(search) || m.user.phone.includes(search)),
    );
    return reply(memberRoutes.list, 200, {
      success: true,
      data: matching.slice((page - 1) * limit, page * limit),
      totalCount: matching.length,
      pagination: { page, limit, totalPages: Math.max(1, Math.ceil(matching.length / limit)) },
    });
  });
  return { asked, handler };
}

const rows = () => screen.getAllByTestId('member-row');
const heading = () => screen.getByTestId('members-heading').textContent;

// The screens load lazily and are compiled on first use: do that before the tests, not inside the first one's time.
beforeAll(async () => {
  await Promise.all([import('./members-page'), import('../components/renew-dialog'), import('../../../app/shell/app-shell')]);
});

describe('members list filters', () => {
  it('shows no count while loading or after a failure, and the count once loaded', async () => {
    const gate = barrier();
    let fail = true;
    server.use(
      ...signedInShell(),
      on(memberRoutes.list, async () => {
        await gate.released;
        return fail
          ? problem(500, 'INTERNAL', 'Something went wrong on our side. Please try again.')
          : reply(memberRoutes.list, 200, { success: true, data: [aMember()], totalCount: 1, pagination: { page: 1, limit: 50, totalPages: 1 } });
      }),
    );
    const { user } = renderApp('/dashboard/members');
    expect(await screen.findByText('Loading members...')).toBeTruthy();
    expect(heading()).toBe('All Members');
    gate.release();
    await screen.findByTestId('error-state');
    expect(heading()).toBe('All Members');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('members-table');
    expect(heading()).toBe('All Members (1)');
  });

  it('filters the loaded members on the client: name, email, part of the phone, status and type; Reset shows all', async () => {
    const service = membersService([
      aMember({ firstName: 'Kavita', lastName: 'Rao', user: { firstName: 'Kavita', lastName: 'Rao', email: 'kavita@example.in', phone: '+91 98200 11111' } }),
      aMember({ firstName: 'Imran', lastName: 'Shaikh', membershipStatus: 'expired', daysRemaining: -3, membershipType: 'premium' }),
      aMember({
        firstName: 'Meera',
        lastName: 'Nair',
        membershipStatus: 'frozen',
        user: { firstName: 'Meera', lastName: 'Nair', email: 'meera@gym.in', phone: '+91 90000 22222' },
      }),
    ]);
    server.use(...signedInShell(), service.handler);
    const { user } = renderApp('/dashboard/members');
    await screen.findByTestId('members-table');
    expect(rows()).toHaveLength(3);
    expect(heading()).toBe('All Members (3)');

    await fill(user, screen.getByTestId('members-search'), '9820011111');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('Kavita Rao')).toBeTruthy();
    expect(heading()).toBe('All Members (1)');

    await user.clear(screen.getByTestId('members-search'));
    await fill(user, screen.getByTestId('members-search'), 'GYM.IN');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('Meera Nair')).toBeTruthy();
    expect(within(rows()[0]!).getByText('Frozen').className).toContain('badge--info');

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText('Status'), 'expired');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('Imran Shaikh')).toBeTruthy();
    expect(within(rows()[0]!).getAllByText('Expired').length).toBe(2); // the badge and "Expired" instead of days left

    // Everything was there in the first 50: the server was asked once, without filters.
    expect(service.asked).toHaveLength(1);
    expect(service.asked[0]!.get('search')).toBeNull();
    expect(service.asked[0]!.get('limit')).toBe('50');
  });

  it('asks the server with the search when there are more members than the first 50, and pages through them', async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      aMember({
        firstName: `Member${i}`,
        lastName: 'Test',
        user: { firstName: `Member${i}`, lastName: 'Test', email: `m${i}@example.in`, phone: `+91 90000 ${String(10000 + i)}` },
      }),
    );
    const service = membersService(many);
    server.use(...signedInShell(), service.handler);
    const { user } = renderApp('/dashboard/members');
    await screen.findByTestId('members-table');
    expect(rows()).toHaveLength(50);
    expect(heading()).toBe('All Members (120)');

    await fill(user, screen.getByTestId('members-search'), '90000 10119');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('Member119 Test')).toBeTruthy();
    expect(service.asked.some((q) => q.get('search') === '90000 10119' && q.get('limit') === '50')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(rows()).toHaveLength(50));
    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(within(rows()[0]!).getByText('Member50 Test')).toBeTruthy());
    expect(service.asked.some((q) => q.get('page') === '2')).toBe(true);
  });
});

describe('renew from the list', () => {
  it('opens the renewal dialog with the member’s plan, previews the new end date and sends the new term', async () => {
    const today = todayIn('Asia/Kolkata');
    const end = addDays(today, 12);
    const member = aMember({ firstName: 'Kavita', lastName: 'Rao', membershipEndDate: end, daysRemaining: 12, membershipFee: 1500 });
    let list: Member[] = [member];
    const bodies: unknown[] = [];
    server.use(
      ...signedInShell(),
      on(memberRoutes.list, () =>
        reply(memberRoutes.list, 200, { success: true, data: list, totalCount: list.length, pagination: { page: 1, limit: 50, totalPages: 1 } }),
      ),
      on(memberRoutes.renew, async ({ request }) => {
        const body = RenewMemberBody.parse(await request.json());
        bodies.push(body);
        const renewed = { ...member, membershipEndDate: termEnd(body.startDate!, body.paymentFrequency), daysRemaining: 100, version: 2 };
        list = [renewed];
        return reply(memberRoutes.renew, 200, { success: true, data: MemberDetail.parse({ ...aMemberDetail(), ...renewed }) });
      }),
    );
    const { user } = renderApp('/dashboard/members');
    await screen.findByTestId('members-table');
    await user.click(screen.getByRole('button', { name: 'Renew membership of Kavita Rao' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Renew Membership' }));
    const start = end; // a running membership continues on its end date
    expect((dialog.getByLabelText(/^Start Date/) as HTMLInputElement).value).toBe(start);
    expect((dialog.getByLabelText(/^Membership Fee/) as HTMLInputElement).value).toBe('1500');
    expect(dialog.getByTestId('renew-preview').textContent).toContain(formatDate(termEnd(start, 'monthly'), 'en'));

    await user.selectOptions(dialog.getByLabelText(/^Period/), 'quarterly');
    expect(dialog.getByTestId('renew-preview').textContent).toContain(formatDate(termEnd(start, 'quarterly'), 'en'));
    await user.clear(dialog.getByLabelText(/^Membership Fee/));
    await fill(user, dialog.getByLabelText(/^Membership Fee/), '4,200');
    await user.selectOptions(dialog.getByLabelText(/^Payment Method/), 'upi');
    await user.click(dialog.getByRole('button', { name: 'Renew' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ membershipType: 'basic', paymentFrequency: 'quarterly', membershipFee: 4200, paymentMethod: 'upi', startDate: start }]);
    expect(await screen.findByText(`Kavita Rao's membership now runs until ${formatDate(termEnd(start, 'quarterly'), 'en')}`)).toBeTruthy();
    await waitFor(() => expect(within(rows()[0]!).getByText('100 days left')).toBeTruthy());
  });

  it('renews on one of the gym’s plans: its type, period and fee filled in, the preview ends after its months, the request carries them', async () => {
    const today = todayIn('Asia/Kolkata');
    const end = addDays(today, 12);
    const member = aMember({ firstName: 'Kavita', lastName: 'Rao', membershipEndDate: end, daysRemaining: 12, membershipFee: 1500 });
    const plan = {
      _id: '0198a3c1-0000-7000-8000-0000000000c2',
      name: 'Half-yearly',
      type: 'premium' as const,
      durationMonths: 6,
      price: 7999,
      gstInclusive: true,
    };
    const bodies: unknown[] = [];
    server.use(
      ...signedInShell(),
      membershipPlansAre([plan]),
      on(memberRoutes.list, () =>
        reply(memberRoutes.list, 200, { success: true, data: [member], totalCount: 1, pagination: { page: 1, limit: 50, totalPages: 1 } }),
      ),
      on(memberRoutes.renew, async ({ request }) => {
        const body = RenewMemberBody.parse(await request.json());
        bodies.push(body);
        const renewed = { ...member, membershipEndDate: addMonths(body.startDate!, body.durationMonths!), daysRemaining: 190, version: 2 };
        return reply(memberRoutes.renew, 200, { success: true, data: MemberDetail.parse({ ...aMemberDetail(), ...renewed }) });
      }),
    );
    const { user } = renderApp('/dashboard/members');
    await screen.findByTestId('members-table');
    await user.click(screen.getByRole('button', { name: 'Renew membership of Kavita Rao' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Renew Membership' }));
    await user.selectOptions(await dialog.findByLabelText(/^Membership Plan/), plan._id);
    expect((dialog.getByLabelText(/^Membership Type/) as HTMLSelectElement).value).toBe('premium');
    expect((dialog.getByLabelText(/^Period/) as HTMLSelectElement).value).toBe('quarterly');
    expect((dialog.getByLabelText(/^Membership Fee/) as HTMLInputElement).value).toBe('7999');
    expect(dialog.getByTestId('renew-preview').textContent).toContain(formatDate(addMonths(end, 6), 'en'));
    await user.click(dialog.getByRole('button', { name: 'Renew' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([
      { membershipType: 'premium', paymentFrequency: 'quarterly', durationMonths: 6, membershipFee: 7999, paymentMethod: 'cash', startDate: end },
    ]);
  });

  it('starts the membership of a member awaiting a plan from today, and shows the server’s refusal in the dialog', async () => {
    const member = aMember({ firstName: 'Sunil', lastName: 'Joshi', membershipStatus: 'pending', joinedWithCode: true, membershipFee: 0, daysRemaining: 0 });
    server.use(
      ...signedInShell(),
      on(memberRoutes.list, () =>
        reply(memberRoutes.list, 200, { success: true, data: [member], totalCount: 1, pagination: { page: 1, limit: 50, totalPages: 1 } }),
      ),
      on(memberRoutes.renew, () => problem(402, 'TRIAL_ENDED', 'Your free trial has ended. Choose a plan to keep making changes.')),
    );
    const { user } = renderApp('/dashboard/members');
    await screen.findByTestId('members-table');
    expect(within(rows()[0]!).getAllByText('Awaiting plan').length).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Start the membership of Sunil Joshi' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Start membership' }));
    expect((dialog.getByLabelText(/^Start Date/) as HTMLInputElement).value).toBe(todayIn('Asia/Kolkata'));
    await user.click(dialog.getByRole('button', { name: 'Start membership' }));
    expect(await dialog.findByText('Membership Fee (₹) is required')).toBeTruthy();
    await fill(user, dialog.getByLabelText(/^Membership Fee/), '2000');
    await user.click(dialog.getByRole('button', { name: 'Start membership' }));
    expect((await dialog.findByTestId('renew-error')).textContent).toContain('Your free trial has ended. Choose a plan to keep making changes.');
  });
});
