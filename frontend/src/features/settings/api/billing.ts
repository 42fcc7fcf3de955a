import { billingRoutes, type PaidPlanId } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { openRazorpayCheckout } from '../../../lib/razorpay-checkout';
import { settingsKeys } from './query-keys';

/** GET /api/payments/billing: plan, trial end, usage against the limits, the plans to move to, Akhada's invoices. */
export async function getBilling() {
  const json = await callRoute(billingRoutes.overview, {});
  return parseResponse(billingRoutes.overview.responses[200], json, 'GET /payments/billing').data;
}

export function useBilling(enabled = true) {
  return useQuery({ queryKey: settingsKeys.billing, queryFn: getBilling, enabled });
}

/**
 * A month of `plan`, paid to Akhada: the order on Akhada's Razorpay account, Checkout, then the server checks the
 * signature and captures (the plan itself follows from auth a moment later).
 */
export async function buyPlan(plan: PaidPlanId) {
  const orderJson = await callRoute(billingRoutes.createOrder, { body: { plan } });
  const order = parseResponse(billingRoutes.createOrder.responses[201], orderJson, 'POST /payments/billing/order').data;
  const result = await openRazorpayCheckout({
    checkoutScriptUrl: order.checkoutScriptUrl,
    keyId: order.keyId,
    orderId: order.orderId,
    amountPaise: order.amount,
    currency: order.currency,
    name: order.name,
    description: order.description,
  });
  const json = await callRoute(billingRoutes.verify, { body: result });
  return parseResponse(billingRoutes.verify.responses[200], json, 'POST /payments/billing/verify').data;
}

export function useBuyPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: buyPlan, onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.billing }) });
}
