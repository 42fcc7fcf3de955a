// @vitest-environment jsdom
import { paymentsRoutes } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { membersAre, signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aMember, PUNE } from '../../../testing/fixtures';
import { aPayment } from '../../../testing/payments';
import { trainersService } from '../../../testing/trainers';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';
import { toCreateBody } from './record-payment-page';

beforeAll(async () => {
  await Promise.all([
    import('./payment-dashboard-page'),
    import('./record-payment-page'),
    import('./pending-page'),
    import('./analytics-page'),
    import('./history-page'),
    import('../../../app/shell/app-shell'),
  ]);
});

const kavita = aMember({ firstName: 'Kavita', lastName: 'Rao' });

const overview = {
  revenue: { thisMonth: 45000, lastMonth: 40000, ytd: 310000, growth: 12.5 },
  pendingPayments: { count: 2, amount: 3000 },
  upcomingRenewals: {
    count: 4,
    members: ['Asha', 'Bela', 'Chitra', 'Deepa'].map((name, i) => ({
      memberId: `0198a3c1-0000-7000-8000-00000000d00${i}`,
      memberName: `${name} Rao`,
      membershipType: 'basic' as const,
      expiryDate: '2026-12-01',
      amount: 1500,
    })),
  },
  trainerSalaries: { total: 3, paid: 1, pending: 2, paidAmount: 25000, pendingAmount: 50000 },
  quickStats: { avgRevenuePerMember: 1800, totalActiveMembers: 25, mostPopularMembershipType: 'premium' as const },
};
/** Pune is GST-registered in Maharashtra (27); another location has no tax settings. */
const taxSettingsAre = () =>
  on(paymentsRoutes.taxSettings, () =>
    reply(paymentsRoutes.taxSettings, 200, {
      success: true,
      data: {
        sacCode: '999723',
        hindiInvoices: false,
        locations: [
          {
            locationId: PUNE._id,
            gstRegistered: true,
            gstin: '27AAPFU0939F1ZV',
            stateCode: '27',
            legalName: 'Akhada Fitness LLP',
            address: 'Baner, Pune',
            invoicePrefix: 'PUN',
          },
        ],
      },
    }),
  );
const overviewIs = () => on(paymentsRoutes.overview, () => reply(paymentsRoutes.overview, 200, { success: true, data: overview }));

describe('record new payment', () => {
  it('sends the spec payload: membership period only with both dates; GST only for money going out (the server decides the rest)', () => {
    const base = {
      paymentCategory: 'member' as const,
      paymentType: 'membership_fee',
      amount: '1500',
      gstAmount: '270.50',
      paymentMethod: 'cash' as const,
      description: 'Monthly',
      notes: '',
      member: kavita._id,
      trainer: 'ignored',
      membershipType: 'basic' as const,
      membershipPeriod: { startDate: '2026-12-01', endDate: '' },
      salaryPeriod: { month: '11', year: '2026' },
      dueDate: '',
      status: 'completed' as const,
      billing: { gstin: '', name: '', address: '' },
    };
    const body = toCreateBody(base);
    expect(body.billing).toBeUndefined();
    // a business customer: GSTIN upper-cased, sent with its name and address
    expect(toCreateBody({ ...base, billing: { gstin: ' 29aapfu0939f1zr ', name: 'Infosys Ltd', address: ' Bengaluru ' } }).billing).toEqual({
      gstin: '29AAPFU0939F1ZR',
      name: 'Infosys Ltd',
      address: 'Bengaluru',
    });
    // money received: the GST typed earlier is not sent, the server decides it by the rule the form previews
    expect(body).toMatchObject({ amount: 1500, member: kavita._id, membershipType: 'basic' });
    expect(body.gstAmount).toBeUndefined();
    expect(body.totalAmount).toBeUndefined();
    expect(body.locationId).toBeUndefined();
    // money going out: the supplier's GST as typed, and where it was paid
    expect(toCreateBody({ ...base, paymentCategory: 'expense', paymentType: 'rent' }, PUNE._id)).toMatchObject({
      gstAmount: 270.5,
      totalAmount: 1770.5,
      locationId: PUNE._id,
    });
    expect(body.membershipPeriod).toBeUndefined();
    expect(body.trainer).toBeUndefined();
    expect(body.salaryPeriod).toBeUndefined();
    expect(toCreateBody({ ...base, membershipPeriod: { startDate: '2026-12-01', endDate: '2026-12-31' } }).membershipPeriod).toEqual({
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
    const salary = toCreateBody({ ...base, paymentCategory: 'trainer', paymentType: 'salary', trainer: 't1' });
    expect(salary).toMatchObject({ trainer: 't1', salaryPeriod: { month: 11, year: 2026 } });
    expect(salary.member).toBeUndefined();
    expect(salary.membershipType).toBeUndefined();
  });

  it('checks the fields, previews the GST the server will record and the total, records the payment and lands on the dashboard', async () => {
    let sent: unknown = null;
    server.use(
      ...signedInShell(),
      membersAre([kavita]),
      taxSettingsAre(),
      overviewIs(),
      on(paymentsRoutes.create, async ({ request }) => {
        sent = await request.json();
        return reply(paymentsRoutes.create, 201, { success: true, data: aPayment() });
      }),
    );
    const { user } = renderApp('/dashboard/payments/create');
    await screen.findByRole('heading', { name: 'Record New Payment' });
    await user.click(screen.getByTestId('payment-submit'));
    expect(await screen.findByTestId('member-error')).toBeTruthy();
    expect(screen.getByTestId('amount-error')).toBeTruthy();
    expect(sent).toBeNull();

    await waitFor(() => expect(screen.getByRole('option', { name: /Kavita Rao/ })).toBeTruthy());
    await user.selectOptions(screen.getByTestId('payment-member'), kavita._id);
    await user.type(screen.getByTestId('payment-amount-input'), '1500');
    // Issue 31: one GST figure. Kavita's location (Pune) is registered: 5 % in force today, CGST + SGST, not typed.
    expect(screen.queryByTestId('payment-gst')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('payment-gst-preview').textContent).toBe('₹75.00'));
    expect(screen.getByTestId('payment-total').textContent).toBe('₹1,575.00');
    expect(screen.getByTestId('payment-gst-hint').textContent).toBe('GST at 5% in force today, added to the amount: CGST ₹37.50 + SGST ₹37.50.');
    await user.type(screen.getByTestId('payment-description'), 'December membership');
    await user.click(screen.getByTestId('payment-submit'));
    expect(await screen.findByTestId('payment-recorded')).toBeTruthy();
    expect(screen.getByText('Payment recorded successfully!')).toBeTruthy();
    // no GST of the form's own: only the contract's default 0, which the server does not use for money received
    expect((sent as { gstAmount?: number }).gstAmount ?? 0).toBe(0);
    expect(sent).not.toHaveProperty('totalAmount');
    expect(sent).toMatchObject({
      paymentCategory: 'member',
      paymentType: 'membership_fee',
      amount: 1500,
      paymentMethod: 'cash',
      member: kavita._id,
      description: 'December membership',
      status: 'completed',
    });
  }, 30_000);

  it('shows "Error creating payment: {message}" when the server refuses, and a trainer payment asks for the trainer and month', async () => {
    server.use(
      ...signedInShell(),
      membersAre([kavita]),
      taxSettingsAre(),
      ...trainersService({ trainers: [] }).handlers,
      on(paymentsRoutes.create, () => problem(409, 'CONFLICT', 'This member is archived')),
    );
    const { user } = renderApp('/dashboard/payments/create');
    await waitFor(() => expect(screen.getByRole('option', { name: /Kavita Rao/ })).toBeTruthy());
    await user.selectOptions(screen.getByTestId('payment-member'), kavita._id);
    await user.type(screen.getByTestId('payment-amount-input'), '10');
    await user.type(screen.getByTestId('payment-description'), 'Fee');
    await user.click(screen.getByTestId('payment-submit'));
    expect((await screen.findByTestId('create-payment-error')).textContent).toContain('Error creating payment: This member is archived');

    await user.selectOptions(screen.getByTestId('payment-category'), 'trainer');
    expect(screen.queryByTestId('payment-member')).toBeNull();
    expect(screen.getByTestId('salary-month')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('payment-type') as HTMLSelectElement).value).toBe('salary'));
  }, 30_000);
});

describe('payment dashboard', () => {
  it('shows the revenue cards, the first 3 upcoming renewals and links to every sub-page', async () => {
    server.use(...signedInShell(), overviewIs());
    renderApp('/dashboard/payments');
    expect((await screen.findByTestId('card-this-month-value')).textContent).toBe('₹45,000');
    expect(screen.getByTestId('card-pending-value').textContent).toBe('₹3,000');
    expect(within(screen.getByTestId('renewals-list')).getAllByRole('listitem')).toHaveLength(3);
    for (const to of [
      'create',
      'analytics',
      'pending',
      'renewals',
      'member-payments',
      'trainer-payments',
      'trainer-salaries',
      'invoices',
      'reports',
      'history',
    ])
      expect(screen.getByTestId(`link-${to}`).getAttribute('href')).toBe(`/dashboard/payments/${to}`);
  });

  it('shows an error with Retry instead of sample data when the overview fails', async () => {
    let calls = 0;
    server.use(
      ...signedInShell(),
      on(paymentsRoutes.overview, () => {
        calls += 1;
        return calls === 1 ? problem(400, 'VALIDATION_FAILED', 'Bad') : reply(paymentsRoutes.overview, 200, { success: true, data: overview });
      }),
    );
    const { user } = renderApp('/dashboard/payments');
    await user.click(await screen.findByTestId('retry-button'));
    expect((await screen.findByTestId('card-ytd-value')).textContent).toBe('₹3,10,000');
  });
});

describe('pending payments', () => {
  it('shows urgency by days past due, marks paid and shows the server refusal of a second reminder', async () => {
    const row = (id: string, daysPastDue: number) => ({
      _id: id,
      memberId: kavita._id,
      memberName: 'Kavita Rao',
      totalAmount: 1500,
      membershipType: 'basic' as const,
      daysPastDue,
      urgency: daysPastDue > 7 ? ('critical' as const) : daysPastDue > 3 ? ('urgent' as const) : daysPastDue > 0 ? ('overdue' as const) : ('due_soon' as const),
      dueDate: '2026-11-01',
      description: 'November membership',
      lastReminderAt: null,
    });
    const ids = [
      '0198a3c1-0000-7000-a000-0000000000f1',
      '0198a3c1-0000-7000-a000-0000000000f2',
      '0198a3c1-0000-7000-a000-0000000000f3',
      '0198a3c1-0000-7000-a000-0000000000f4',
    ];
    const paid: string[] = [];
    server.use(
      ...signedInShell(),
      on(paymentsRoutes.pending, () =>
        reply(paymentsRoutes.pending, 200, {
          success: true,
          data: [row(ids[0]!, 9), row(ids[1]!, 5), row(ids[2]!, 2), row(ids[3]!, 0)],
          totalCount: 4,
          pagination: { page: 1, limit: 20, totalPages: 1 },
        }),
      ),
      on(paymentsRoutes.markPaid, ({ params }) => {
        paid.push(String(params.id));
        return reply(paymentsRoutes.markPaid, 200, { success: true, data: aPayment({ _id: String(params.id) }) });
      }),
      on(paymentsRoutes.remind, () => problem(429, 'REMINDER_ALREADY_SENT', 'Kavita Rao was reminded today already')),
    );
    const { user } = renderApp('/dashboard/payments/pending');
    const rows = await screen.findAllByTestId('pending-row');
    expect(rows.map((r) => within(r).getByTestId('urgency').textContent)).toEqual(['Critical', 'Urgent', 'Overdue', 'Due soon']);
    await user.click(within(rows[0]!).getByTestId('mark-paid'));
    await waitFor(() => expect(paid).toEqual([ids[0]]));
    await user.click(within(rows[1]!).getByTestId('send-reminder'));
    expect(await screen.findByText('Kavita Rao was reminded today already')).toBeTruthy();
  });
});

describe('payment history', () => {
  it('says why a payment was refunded when its money arrived after the order expired (and only then)', async () => {
    const late = aPayment({ _id: '0198a3c1-0000-7000-a000-0000000000e1', status: 'refunded', refundedAmount: 630, refundedAfterExpiry: true });
    const other = aPayment({ _id: '0198a3c1-0000-7000-a000-0000000000e2', status: 'refunded', refundedAmount: 1500 });
    server.use(
      ...signedInShell(),
      on(paymentsRoutes.list, () =>
        reply(paymentsRoutes.list, 200, {
          success: true,
          data: [late, other],
          totalCount: 2,
          pagination: { page: 1, limit: 20, totalPages: 1 },
          summary: { totalAmount: 2130, completedAmount: 0, pendingAmount: 0, refundedAmount: 2130 },
        }),
      ),
    );
    renderApp('/dashboard/payments/history');
    const reasons = await screen.findAllByTestId('refund-reason');
    expect(reasons.map((r) => r.textContent)).toEqual(['Order expired before payment: refunded automatically']);
    expect(screen.getAllByTestId('payment-status').map((b) => b.dataset.status)).toEqual(['refunded', 'refunded']);
  });
});

describe('payment analytics', () => {
  it('asks for the chosen period; custom needs both dates and Apply; a non-custom period clears them', async () => {
    const asked: string[] = [];
    server.use(
      ...signedInShell(),
      on(paymentsRoutes.analytics, ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push([q.get('period'), q.get('startDate'), q.get('endDate')].filter(Boolean).join(' '));
        return reply(paymentsRoutes.analytics, 200, {
          success: true,
          data: {
            period: { start: '2026-11-01', end: '2026-11-30', type: 'month' },
            revenue: { total: 1000, net: 900, refunds: 100, transactions: 2, formatted: { total: '₹1,000', net: '₹900', refunds: '₹100' } },
            paymentMethods: [{ _id: 'upi', totalAmount: 1000, count: 2, formatted: '₹1,000' }],
            membershipTypes: [],
            dailyTrend: Array.from({ length: 30 }, (_, i) => ({
              date: `2026-11-${String(i + 1).padStart(2, '0')}`,
              revenue: i,
              transactions: 1,
              formatted: '',
            })),
          },
        });
      }),
    );
    const { user } = renderApp('/dashboard/payments/analytics');
    expect((await screen.findByTestId('analytics-total')).textContent).toBe('₹1,000.00');
    await user.click(screen.getByTestId('period-custom'));
    await user.click(screen.getByTestId('custom-apply'));
    expect(await screen.findByText('Choose a start and an end date, the end on or after the start.')).toBeTruthy();
    await user.type(screen.getByTestId('custom-start'), '2026-10-01');
    await user.type(screen.getByTestId('custom-end'), '2026-10-31');
    await user.click(screen.getByTestId('custom-apply'));
    await waitFor(() => expect(asked).toContain('custom 2026-10-01 2026-10-31'));
    await user.click(screen.getByTestId('period-week'));
    await waitFor(() => expect(asked.at(-1)).toBe('week'));
    await user.click(screen.getByTestId('period-custom'));
    expect((screen.getByTestId('custom-start') as HTMLInputElement).value).toBe('');
    expect(asked[0]).toBe('month');
  });
});
