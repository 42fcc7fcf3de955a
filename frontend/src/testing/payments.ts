import { paymentsRoutes, type Payment } from '@akhada/contracts';
import { on, reply } from './contract-handlers';
import { PUNE } from './fixtures';

let n = 0;

/** A payment as the payments service answers it (rupees), completed by default. */
export function aPayment(overrides: Partial<Payment> = {}): Payment {
  n += 1;
  const id = `0198a3c1-0000-7000-a000-${String(n).padStart(12, '0')}`;
  return {
    _id: id,
    locationId: PUNE._id,
    paymentCategory: 'member',
    paymentType: 'membership_fee',
    amount: 1500,
    gstAmount: 0,
    totalAmount: 1500,
    refundedAmount: 0,
    status: 'completed',
    paymentMethod: 'cash',
    description: 'Monthly membership',
    notes: '',
    member: { _id: '0198a3c1-0000-7000-8000-00000000c001', name: 'Kavita Rao' },
    trainer: null,
    membershipType: 'basic',
    membershipPeriod: null,
    salaryPeriod: null,
    dueDate: null,
    paidAt: '2026-01-05T05:00:00.000Z',
    source: 'staff',
    razorpay: null,
    invoice: null,
    billing: null,
    history: [{ action: 'recorded', at: '2026-01-05T05:00:00.000Z', by: null, amount: null, note: null }],
    createdBy: null,
    createdAt: '2026-01-05T05:00:00.000Z',
    updatedAt: '2026-01-05T05:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

const personReply = (payments: Payment[]) => ({
  success: true as const,
  data: payments,
  totalCount: payments.length,
  pagination: { page: 1, limit: 10, totalPages: payments.length ? 1 : 0 },
  summary: {
    totalPaid: payments.filter((p) => p.status === 'completed').reduce((s, p) => s + p.totalAmount, 0),
    totalPending: payments.filter((p) => p.status === 'pending').reduce((s, p) => s + p.totalAmount, 0),
    lastPaymentAt: payments.find((p) => p.paidAt)?.paidAt ?? null,
  },
});

export const memberPaymentsAre = (payments: Payment[] = []) =>
  on(paymentsRoutes.memberPayments, () => reply(paymentsRoutes.memberPayments, 200, personReply(payments)));
export const trainerPaymentsAre = (payments: Payment[] = []) =>
  on(paymentsRoutes.trainerPayments, () => reply(paymentsRoutes.trainerPayments, 200, personReply(payments)));

/** GET /payments (a member's own, or the staff list). */
export const paymentListIs = (payments: Payment[] = []) =>
  on(paymentsRoutes.list, () =>
    reply(paymentsRoutes.list, 200, {
      success: true,
      data: payments,
      totalCount: payments.length,
      pagination: { page: 1, limit: 20, totalPages: payments.length ? 1 : 0 },
      summary: {
        totalAmount: payments.reduce((s, p) => s + p.totalAmount, 0),
        completedAmount: payments.filter((p) => p.status === 'completed').reduce((s, p) => s + p.totalAmount, 0),
        pendingAmount: payments.filter((p) => p.status === 'pending').reduce((s, p) => s + p.totalAmount, 0),
        refundedAmount: 0,
      },
    }),
  );

export const razorpayStatusIs = (enabled: boolean) =>
  on(paymentsRoutes.razorpayStatus, () =>
    reply(paymentsRoutes.razorpayStatus, 200, { success: true, data: { enabled, keyId: enabled ? 'rzp_test_abcdef123' : null } }),
  );
