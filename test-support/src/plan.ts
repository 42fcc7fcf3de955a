import { billingRoutes, PLAN_TERMS, type PaidPlanId } from '@akhada/contracts';

/** A JSON call to the gateway's API as one signed-in owner (`/api` is added by the caller's client). */
export type OwnerCall = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: unknown }>;

const must = async (what: string, p: ReturnType<OwnerCall>, ok: number) => {
  const r = await p;
  if (r.status !== ok) throw new Error(`plan: ${what} answered ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
};

/**
 * Puts a gym on a paid plan the way its owner does: an order on Akhada's Razorpay account, paid by UPI in the Razorpay
 * stand-in's Checkout (the stack's payments service talks to it), and the signature verified. Auth then moves the gym
 * onto the plan from payments' event; this returns once the members service applies the plan's member allowance.
 */
export async function payForPlan(call: OwnerCall, plan: PaidPlanId, { timeoutMs = 30_000 } = {}): Promise<void> {
  const order = billingRoutes.createOrder.responses[201].parse(await must('order', call('POST', '/payments/billing/order', { plan }), 201)).data;
  const checkout = await fetch(new URL('/v1/checkout/payments', order.checkoutScriptUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key_id: order.keyId, order_id: order.orderId, method: 'upi' }),
  });
  if (!checkout.ok) throw new Error(`plan: the Razorpay stand-in's Checkout answered ${checkout.status} ${await checkout.text()}`);
  const paid = (await checkout.json()) as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  await must('verify', call('POST', '/payments/billing/verify', paid), 200);

  const limit = PLAN_TERMS[plan].members;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stats = await call('GET', '/members/stats/overview');
    if (stats.status === 200 && (stats.json as { data: { plan: { limit: number | null } } }).data.plan.limit === limit) return;
    if (Date.now() > deadline) throw new Error(`plan ${plan}: the members service did not apply it within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
