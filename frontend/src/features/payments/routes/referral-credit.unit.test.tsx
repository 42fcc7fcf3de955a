// @vitest-environment jsdom
import { paymentsRoutes, type Invoice, type Payment } from '@akhada/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { PaymentsTable } from '../../../components/payments-list';
import { ToastProvider } from '../../../components/toast';
import { ensureNamespaces, setLanguage } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { membersAre, signedInShell } from '../../../testing/app-handlers';
import { on, reply } from '../../../testing/contract-handlers';
import { aMember, aToken, PUNE } from '../../../testing/fixtures';
import { aPayment, razorpayStatusIs } from '../../../testing/payments';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';
import { InvoicesTable } from './invoices-page';

// Issue 27: a member's referral credit is taken off their next membership payment before GST. Wherever a payment's or
// an invoice's amounts are shown, a "Referral credit −₹X" line says so when there was one (and nothing when not).

beforeAll(async () => {
  await ensureNamespaces(['payments']);
  await Promise.all([import('./payment-dashboard-page'), import('./record-payment-page'), import('./pending-page'), import('./payment-detail-page')]);
});

const credited = (o: Partial<Payment> = {}) =>
  aPayment({ amount: 1500, gstAmount: 75, totalAmount: 1575, referralCredit: 500, description: 'Credited membership', ...o });

const anInvoice = (o: Partial<Invoice> = {}): Invoice => ({
  _id: '0198a3c1-0000-7000-a000-0000000001a1',
  kind: 'tax_invoice',
  number: 'PUN/26-27/000001',
  issueDate: '2026-11-20',
  financialYear: '2026-27',
  paymentId: '0198a3c1-0000-7000-a000-0000000001b1',
  locationId: PUNE._id,
  originalInvoice: null,
  supplier: { legalName: 'Akhada Fitness LLP', address: 'Baner, Pune', gstin: '27AAPFU0939F1ZV', stateCode: '27' },
  recipient: { memberId: null, name: 'Kavita Rao', gstin: null, address: null },
  placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
  lines: [],
  taxableValue: 1500,
  cgstAmount: 37.5,
  sgstAmount: 37.5,
  igstAmount: 0,
  totalTax: 75,
  totalAmount: 1575,
  amountInWords: 'One thousand five hundred seventy-five rupees',
  language: 'en',
  sentAt: null,
  createdAt: '2026-11-20T05:00:00.000Z',
  ...o,
});

const renderBare = (ui: ReactNode) => {
  localStorage.setItem('token', aToken());
  const qc = createQueryClient();
  return render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
};

describe('referral credit on payments and invoices', () => {
  it('the payments list (a member’s own and staff’s) and the invoices list show the credit under the amount, only when there was one', () => {
    renderBare(
      <>
        <PaymentsTable payments={[credited(), aPayment({ description: 'Plain membership' })]} />
        <InvoicesTable
          invoices={[anInvoice({ referralCredit: 500 }), anInvoice({ _id: '0198a3c1-0000-7000-a000-0000000001a2', number: 'PUN/26-27/000002' })]}
          canSend={false}
        />
      </>,
    );
    const amounts = screen.getAllByTestId('payment-amount');
    expect(within(amounts[0]!).getByTestId('referral-credit').textContent).toBe('Referral credit −₹500.00');
    expect(amounts[0]!.textContent).toContain('₹1,575.00');
    expect(within(amounts[1]!).queryByTestId('referral-credit')).toBeNull();
    const invoiceAmounts = screen.getAllByTestId('invoice-amount');
    expect(within(invoiceAmounts[0]!).getByTestId('invoice-referral-credit').textContent).toBe('Referral credit −₹500.00');
    expect(within(invoiceAmounts[1]!).queryByTestId('invoice-referral-credit')).toBeNull();
  });

  it('in Hindi the line is Devanagari with the same money format', async () => {
    await setLanguage('hi');
    try {
      renderBare(<PaymentsTable payments={[credited({ referralCredit: 1250.5 })]} />);
      expect(screen.getByTestId('referral-credit').textContent).toBe('रेफ़रल क्रेडिट −₹1,250.50');
    } finally {
      await setLanguage('en');
    }
  });

  it('payment details list the credit before the amount; marking it paid says the credit was taken off', async () => {
    const pending = credited({ status: 'pending', paidAt: null, dueDate: '2026-11-25' });
    server.use(
      ...signedInShell(),
      razorpayStatusIs(false),
      on(paymentsRoutes.get, () => reply(paymentsRoutes.get, 200, { success: true, data: pending })),
      on(paymentsRoutes.markPaid, () => reply(paymentsRoutes.markPaid, 200, { success: true, data: { ...pending, status: 'completed' as const } })),
    );
    const { user } = renderApp(`/dashboard/payments/history/${pending._id}`);
    const facts = await screen.findByTestId('payment-facts', {}, { timeout: 10_000 });
    expect(within(facts).getByTestId('detail-referral-credit').textContent).toBe('−₹500.00');
    const terms = [...facts.querySelectorAll('dt')].map((d) => d.textContent);
    expect(terms.indexOf('Referral credit')).toBeGreaterThan(-1);
    expect(terms.indexOf('Referral credit')).toBeLessThan(terms.indexOf('Amount'));
    await user.click(screen.getByTestId('detail-mark-paid'));
    expect(await screen.findByText(/Referral credit −₹500\.00 taken off before GST\./)).toBeTruthy();
  });

  it('payment details without a credit have no such line', async () => {
    const plain = aPayment();
    server.use(
      ...signedInShell(),
      razorpayStatusIs(false),
      on(paymentsRoutes.get, () => reply(paymentsRoutes.get, 200, { success: true, data: plain })),
    );
    renderApp(`/dashboard/payments/history/${plain._id}`);
    const facts = await screen.findByTestId('payment-facts', {}, { timeout: 10_000 });
    expect(within(facts).queryByTestId('detail-referral-credit')).toBeNull();
    expect(facts.textContent).not.toContain('Referral credit');
  });

  it('recording a membership payment the credit lowered says so on the dashboard it lands on', async () => {
    const kavita = aMember({ firstName: 'Kavita', lastName: 'Rao' });
    const overview = {
      revenue: { thisMonth: 0, lastMonth: 0, ytd: 0, growth: 0 },
      pendingPayments: { count: 0, amount: 0 },
      upcomingRenewals: { count: 0, members: [] },
      trainerSalaries: { total: 0, paid: 0, pending: 0, paidAmount: 0, pendingAmount: 0 },
      quickStats: { avgRevenuePerMember: 0, totalActiveMembers: 0, mostPopularMembershipType: null },
    };
    server.use(
      ...signedInShell(),
      membersAre([kavita]),
      on(paymentsRoutes.taxSettings, () =>
        reply(paymentsRoutes.taxSettings, 200, { success: true, data: { sacCode: '999723', hindiInvoices: false, locations: [] } }),
      ),
      on(paymentsRoutes.overview, () => reply(paymentsRoutes.overview, 200, { success: true, data: overview })),
      on(paymentsRoutes.create, () =>
        reply(paymentsRoutes.create, 201, { success: true, data: credited({ member: { _id: kavita._id, name: 'Kavita Rao' } }) }),
      ),
    );
    const { user } = renderApp('/dashboard/payments/create');
    await screen.findByRole('heading', { name: 'Record New Payment' }, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole('option', { name: /Kavita Rao/ })).toBeTruthy());
    await user.selectOptions(screen.getByTestId('payment-member'), kavita._id);
    await user.type(screen.getByTestId('payment-amount-input'), '2000');
    await user.type(screen.getByTestId('payment-description'), 'December membership');
    await user.click(screen.getByTestId('payment-submit'));
    const recorded = await screen.findByTestId('payment-recorded', {}, { timeout: 10_000 });
    expect(within(recorded).getByTestId('payment-recorded-credit').textContent).toBe(' Referral credit −₹500.00 taken off before GST.');
  }, 30_000);

  it('the pending list’s Mark paid confirms the credit taken off', async () => {
    const id = '0198a3c1-0000-7000-a000-0000000000f9';
    server.use(
      ...signedInShell(),
      on(paymentsRoutes.pending, () =>
        reply(paymentsRoutes.pending, 200, {
          success: true,
          data: [
            {
              _id: id,
              memberId: '0198a3c1-0000-7000-8000-00000000c001',
              memberName: 'Kavita Rao',
              totalAmount: 1575,
              membershipType: 'basic' as const,
              daysPastDue: 2,
              urgency: 'overdue' as const,
              dueDate: '2026-11-01',
              description: 'November membership',
              lastReminderAt: null,
            },
          ],
          totalCount: 1,
          pagination: { page: 1, limit: 20, totalPages: 1 },
        }),
      ),
      on(paymentsRoutes.markPaid, () => reply(paymentsRoutes.markPaid, 200, { success: true, data: credited({ _id: id }) })),
    );
    const { user } = renderApp('/dashboard/payments/pending');
    const row = await screen.findByTestId('pending-row', {}, { timeout: 10_000 });
    await user.click(within(row).getByTestId('mark-paid'));
    expect(await screen.findByText('Payment from Kavita Rao marked as paid Referral credit −₹500.00 taken off before GST.')).toBeTruthy();
  });
});
