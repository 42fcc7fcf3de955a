// @vitest-environment jsdom
import { autopayRoutes as ap, type Autopay, type AutopayReport } from '@akhada/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { ensureNamespaces, setLanguage } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aToken } from '../../../testing/fixtures';
import { server } from '../../../testing/setup';
import { MemoryRouter } from 'react-router-dom';
import { AutopayCard } from './autopay-card';
import { AutopayStaffPanel } from './autopay-staff-panel';

const mandate = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/razorpay-checkout', async (orig) => ({ ...(await orig<object>()), openRazorpayMandate: mandate }));

const PLAN = '0198a7c0-0000-7000-8000-0000000000dd';
const autopay = (o: Partial<Autopay> = {}): Autopay => ({
  _id: '0198a7c0-0000-7000-8000-00000000a001',
  memberId: '0198a7c0-0000-7000-8000-0000000000cc',
  memberName: 'Asha Verma',
  locationId: '0198a7c0-0000-7000-8000-0000000000bb',
  planId: PLAN,
  planName: 'Premium monthly',
  membershipType: 'premium',
  periodMonths: 1,
  amount: 2360,
  status: 'active',
  razorpaySubscriptionId: 'sub_AAAAAAAAAAAAAA',
  startDate: '2026-11-01',
  charges: 1,
  paidThrough: '2026-12-01',
  nextChargeDate: '2026-12-01',
  lastChargeAt: '2026-11-01T05:00:00.000Z',
  lastChargeAmount: 2360,
  failures: 0,
  lastFailureAt: null,
  cancelRequested: null,
  method: null,
  createdAt: '2026-11-01T05:00:00.000Z',
  updatedAt: '2026-11-01T05:00:00.000Z',
  ...o,
});
const plansAre = (enabled = true) =>
  on(ap.plans, () =>
    reply(ap.plans, 200, {
      success: true,
      data: [{ planId: PLAN, name: 'Premium monthly', membershipType: 'premium', periodMonths: 1, amount: 2360, enabled }],
    }),
  );
const mineIs = (list: Autopay[]) => on(ap.mine, () => reply(ap.mine, 200, { success: true, data: list }));

const renderCard = (ui = <AutopayCard />) => {
  localStorage.setItem('token', aToken());
  const qc = createQueryClient();
  qc.setDefaultOptions({ queries: { retry: false } });
  return {
    user: userEvent.setup(),
    ...render(
      <QueryClientProvider client={qc}>
        <ToastProvider>
          <MemoryRouter>{ui}</MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>,
    ),
  };
};

beforeAll(() => ensureNamespaces(['payments']));
beforeEach(() => mandate.mockReset());

describe('the member’s autopay card', () => {
  it('shows a running autopay: state, next charge date and amount; cancel asks for the end of the paid period', async () => {
    let cancelled: unknown;
    server.use(
      plansAre(),
      mineIs([autopay()]),
      http.post('*/payments/autopay/:id/cancel', async ({ request }) => {
        cancelled = await request.json();
        return HttpResponse.json({ success: true, data: autopay({ cancelRequested: 'cycle_end' }) });
      }),
    );
    const { user } = renderCard();
    expect((await screen.findByTestId('autopay-status')).textContent).toBe('Active');
    expect(screen.getByTestId('autopay-next').textContent).toMatch(/Next charge ₹2,360(\.00)? on/);
    server.use(mineIs([autopay({ cancelRequested: 'cycle_end' })]));
    await user.click(screen.getByRole('button', { name: 'Cancel autopay' }));
    await waitFor(() => expect(cancelled).toEqual({ atCycleEnd: true }));
    expect(await screen.findByText(/Autopay stops on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel autopay' })).toBeNull();
  });

  it('shows the mandate’s payment method once known: UPI AutoPay, card, e-NACH (Hindi too); nothing while unknown', async () => {
    server.use(plansAre(), mineIs([autopay({ method: 'upi' })]));
    const first = renderCard();
    expect((await screen.findByTestId('autopay-method')).textContent).toBe('Pays with UPI AutoPay');
    first.unmount();
    server.use(mineIs([autopay({ method: 'card' })]));
    const card = renderCard();
    expect((await screen.findByTestId('autopay-method')).textContent).toBe('Pays with Card');
    card.unmount();
    server.use(mineIs([autopay({ method: null })]));
    const unknown = renderCard();
    expect(await screen.findByTestId('autopay-next')).toBeTruthy();
    expect(screen.queryByTestId('autopay-method')).toBeNull();
    unknown.unmount();
    server.use(mineIs([autopay({ method: 'emandate' })]));
    await setLanguage('hi');
    try {
      renderCard();
      expect((await screen.findByTestId('autopay-method')).textContent).toBe('भुगतान का तरीका: ई-नैच');
    } finally {
      await setLanguage('en');
    }
  });

  it('without one: "Set up autopay" starts the subscription and opens Checkout with its subscription id', async () => {
    server.use(
      plansAre(),
      mineIs([]),
      on(ap.start, () =>
        reply(ap.start, 201, {
          success: true,
          data: {
            autopay: autopay({ status: 'created', charges: 0, paidThrough: null, nextChargeDate: null }),
            keyId: 'rzp_test_AkhadaLocal0001',
            subscriptionId: 'sub_AAAAAAAAAAAAAA',
            checkoutScriptUrl: 'http://127.0.0.1:2526/v1/checkout.js',
            shortUrl: null,
            name: 'Iron Temple',
            description: 'Premium monthly',
            prefill: { name: 'Asha Verma', email: 'asha@example.in', contact: '+919000000001' },
          },
        }),
      ),
    );
    mandate.mockResolvedValue({ razorpay_payment_id: 'pay_A', razorpay_subscription_id: 'sub_AAAAAAAAAAAAAA', razorpay_signature: 'x' });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Set up autopay' }));
    await waitFor(() => expect(mandate).toHaveBeenCalledTimes(1));
    expect(mandate.mock.calls[0]![0]).toMatchObject({ keyId: 'rzp_test_AkhadaLocal0001', subscriptionId: 'sub_AAAAAAAAAAAAAA', name: 'Iron Temple' });
    expect(await screen.findByText(/Autopay authorised/)).toBeTruthy();
  });

  it('"Change payment method" asks for a new subscription of this autopay and opens Checkout with its id (Hindi too); none while cancelling', async () => {
    let asked: string | undefined;
    server.use(
      plansAre(),
      mineIs([autopay({ method: 'upi' })]),
      on(ap.changeMethod, ({ params }) => {
        asked = params.id as string;
        return reply(ap.changeMethod, 200, {
          success: true,
          data: {
            autopay: autopay({ method: 'upi' }),
            keyId: 'rzp_test_AkhadaLocal0001',
            subscriptionId: 'sub_BBBBBBBBBBBBBB',
            checkoutScriptUrl: 'http://127.0.0.1:2526/v1/checkout.js',
            shortUrl: null,
            name: 'Iron Temple',
            description: 'Premium monthly',
            prefill: { name: 'Asha Verma', email: 'asha@example.in', contact: '+919000000001' },
          },
        });
      }),
    );
    mandate.mockResolvedValue({ razorpay_payment_id: 'pay_B', razorpay_subscription_id: 'sub_BBBBBBBBBBBBBB', razorpay_signature: 'x' });
    const first = renderCard();
    await first.user.click(await screen.findByRole('button', { name: 'Change payment method' }));
    await waitFor(() => expect(mandate).toHaveBeenCalledTimes(1));
    expect(asked).toBe(autopay()._id);
    expect(mandate.mock.calls[0]![0]).toMatchObject({ keyId: 'rzp_test_AkhadaLocal0001', subscriptionId: 'sub_BBBBBBBBBBBBBB' });
    expect(await screen.findByText(/New payment method authorised/)).toBeTruthy();
    first.unmount();
    server.use(mineIs([autopay({ cancelRequested: 'cycle_end' })]));
    const cancelling = renderCard();
    expect(await screen.findByText(/Autopay stops on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change payment method' })).toBeNull();
    cancelling.unmount();
    server.use(mineIs([autopay({ method: 'upi' })]));
    await setLanguage('hi');
    try {
      renderCard();
      expect(await screen.findByRole('button', { name: 'भुगतान का तरीका बदलें' })).toBeTruthy();
    } finally {
      await setLanguage('en');
    }
  });

  it('says so when the gym offers no autopay', async () => {
    server.use(plansAre(false), mineIs([]));
    renderCard();
    expect(await screen.findByText('Your gym does not offer autopay yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up autopay' })).toBeNull();
  });

  it('a load error shows a retry that loads again', async () => {
    server.use(
      plansAre(),
      on(ap.mine, () => problem(500, 'INTERNAL', 'Boom')),
    );
    const { user } = renderCard();
    expect(await screen.findByText('Could not load autopay')).toBeTruthy();
    server.use(mineIs([autopay()]));
    await user.click(screen.getByRole('button', { name: /retry/i }));
    expect((await screen.findByTestId('autopay-status')).textContent).toBe('Active');
  });
});

const reportIs = (o: Partial<AutopayReport> = {}) =>
  on(ap.report, () =>
    reply(ap.report, 200, { success: true, data: { from: '2026-11-29', to: '2026-12-29', upcoming: [], upcomingTotal: 0, failed: [], ...o } }),
  );

describe('staff’s autopay panel', () => {
  it('turns autopay on for a plan and lists each member’s autopay with its state, next and last charge', async () => {
    let put: unknown;
    server.use(
      plansAre(false),
      reportIs(),
      on(ap.list, () =>
        reply(ap.list, 200, {
          success: true,
          data: [
            autopay({ method: 'upi' }),
            autopay({
              _id: '0198a7c0-0000-7000-8000-00000000a002',
              memberName: 'Ravi Kumar',
              status: 'halted',
              failures: 2,
              lastChargeAt: null,
              lastChargeAmount: null,
              nextChargeDate: null,
            }),
          ],
        }),
      ),
      http.put('*/payments/autopay/plans/:id', async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({
          success: true,
          data: { planId: PLAN, name: 'Premium monthly', membershipType: 'premium', periodMonths: 1, amount: 2360, enabled: true },
        });
      }),
    );
    const { user } = renderCard(<AutopayStaffPanel />);
    const rows = await screen.findAllByTestId('autopay-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Asha Verma.*Premium monthly.*UPI AutoPay.*Active.*₹2,360/),
      expect.stringMatching(/Ravi Kumar.*Premium monthly.*Not known yet.*Stopped after failed charges · 2 failed charges.*None yet/),
    ]);
    const toggle = screen.getByRole('switch', { name: /Premium monthly/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    server.use(plansAre(true));
    await user.click(toggle);
    await waitFor(() => expect(put).toEqual({ enabled: true }));
    await waitFor(() => expect((screen.getByRole('switch', { name: /Premium monthly/ }) as HTMLInputElement).checked).toBe(true));
  });

  it('cancels one member’s autopay after confirming: at the end of the paid period by default, or now', async () => {
    const bodies: unknown[] = [];
    server.use(
      plansAre(true),
      reportIs(),
      on(ap.list, () => reply(ap.list, 200, { success: true, data: [autopay()] })),
      http.post('*/payments/autopay/:id/cancel', async ({ request, params }) => {
        bodies.push({ id: params.id, ...((await request.json()) as object) });
        return HttpResponse.json({ success: true, data: autopay({ cancelRequested: 'cycle_end' }) });
      }),
    );
    const { user } = renderCard(<AutopayStaffPanel />);
    await user.click(await screen.findByRole('button', { name: 'Cancel autopay of Asha Verma' }));
    const dialog = await screen.findByTestId('autopay-cancel-dialog');
    expect(dialog.textContent).toContain('At the end of the paid period (1 Dec 2026)');
    // Keep: nothing is asked of the server.
    await user.click(screen.getByRole('button', { name: 'Keep autopay' }));
    expect(bodies).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel autopay of Asha Verma' }));
    await user.click(screen.getByTestId('autopay-cancel-confirm'));
    await waitFor(() => expect(bodies).toEqual([{ id: autopay()._id, atCycleEnd: true }]));
    await user.click(await screen.findByRole('button', { name: 'Cancel autopay of Asha Verma' }));
    await user.click(screen.getByRole('radio', { name: 'Now' }));
    await user.click(screen.getByTestId('autopay-cancel-confirm'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ id: autopay()._id, atCycleEnd: false });
  });

  it('reports the charges due in the next 30 days with their total, and the failed ones', async () => {
    const ravi = autopay({ _id: '0198a7c0-0000-7000-8000-00000000a002', memberName: 'Ravi Kumar', amount: 1999, nextChargeDate: '2026-12-10' });
    const meera = autopay({
      _id: '0198a7c0-0000-7000-8000-00000000a003',
      memberName: 'Meera Joshi',
      status: 'halted',
      failures: 4,
      lastFailureAt: '2026-11-20T05:00:00.000Z',
    });
    server.use(
      plansAre(true),
      on(ap.list, () => reply(ap.list, 200, { success: true, data: [] })),
      reportIs({
        upcoming: [
          { date: '2026-12-01', amount: 2360, autopay: autopay() },
          { date: '2026-12-10', amount: 1999, autopay: ravi },
        ],
        upcomingTotal: 4359,
        failed: [meera],
      }),
    );
    renderCard(<AutopayStaffPanel />);
    const rows = await screen.findAllByTestId('autopay-upcoming-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/1 Dec 2026.*Asha Verma.*Premium monthly.*₹2,360\.00/),
      expect.stringMatching(/10 Dec 2026.*Ravi Kumar.*₹1,999\.00/),
    ]);
    expect(screen.getByTestId('autopay-upcoming-total').textContent).toMatch(/Total of 2 charges.*₹4,359\.00/);
    expect(screen.getByText(/Charges due 29 Nov 2026 – 29 Dec 2026/)).toBeTruthy();
    const failed = screen.getAllByTestId('autopay-failed-row');
    expect(failed.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Meera Joshi.*Stopped after failed charges · 4 failed charges.*20 Nov 2026.*₹2,360\.00/),
    ]);
  });

  it('says when nothing is due or failed, and a report that fails to load retries (Hindi)', async () => {
    let fail = true;
    server.use(
      plansAre(true),
      on(ap.list, () => reply(ap.list, 200, { success: true, data: [] })),
      on(ap.report, () =>
        fail
          ? problem(500, 'INTERNAL', 'boom')
          : reply(ap.report, 200, { success: true, data: { from: '2026-11-29', to: '2026-12-29', upcoming: [], upcomingTotal: 0, failed: [] } }),
      ),
    );
    await setLanguage('hi');
    try {
      const { user } = renderCard(<AutopayStaffPanel />);
      expect(await screen.findByText('ऑटोपे रिपोर्ट लोड नहीं हो सकी')).toBeTruthy();
      fail = false;
      await user.click(screen.getByRole('button', { name: /पुनः|फिर से/ }));
      expect(await screen.findByTestId('autopay-upcoming-empty')).toBeTruthy();
      expect(screen.getByTestId('autopay-upcoming-empty').textContent).toBe('अगले 30 दिनों में कोई ऑटोपे शुल्क देय नहीं है।');
      expect(screen.getByTestId('autopay-failed-empty').textContent).toBe('कोई विफल ऑटोपे शुल्क नहीं।');
    } finally {
      await setLanguage('en');
    }
  });
});
