import { z } from 'zod';
import { PlanId } from '../enums.ts';
import { IsoDateTime, ok, Problem, route, Text } from './route.ts';

/**
 * Plan and billing (Settings → Plan and billing): the organization's subscription to Akhada, answered by the payments
 * service. The payment goes to AKHADA through its own (platform) Razorpay account, never the gym's keys; a captured
 * payment issues a GST tax invoice from Akhada to the gym (its own series) and announces payments.subscription_paid,
 * which auth turns into the organization's plan (and so every service's directory: read-only mode ends).
 * Money on the wire in rupees (two decimals), as the other payments routes.
 */

export const PaidPlanId = PlanId.exclude(['free'], { message: 'Choose one of the plans: mini, starter, pro or enterprise' });
export type PaidPlanId = z.infer<typeof PaidPlanId>;

export const PlanUsage = z.object({
  /** Members who count against the plan (not archived, not awaiting approval). */
  members: z.number().int(),
  /** Trainers not archived. */
  trainers: z.number().int(),
  locations: z.number().int(),
});
export type PlanUsage = z.infer<typeof PlanUsage>;

export const BillingLimits = z.object({ members: z.number().int().nullable(), trainers: z.number().int().nullable(), locations: z.number().int().nullable() });
export type BillingLimits = z.infer<typeof BillingLimits>;

export const BillingPlanOption = z.object({
  plan: PlanId,
  /** Per month before GST, rupees. */
  price: z.number(),
  gst: z.number(),
  total: z.number(),
  limits: BillingLimits,
  /** Usage exceeds this plan's limits: it cannot be chosen (the reason says which limit). */
  fits: z.boolean(),
  reason: z.string().nullable(),
});

export const SubscriptionInvoice = z.object({
  orderId: z.string(),
  number: z.string(),
  plan: PaidPlanId,
  /** Rupees: taxable value, CGST, SGST, IGST, total. */
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  supplierGstin: z.string(),
  recipientGstin: z.string().nullable(),
  paidAt: IsoDateTime,
});
export type SubscriptionInvoice = z.infer<typeof SubscriptionInvoice>;

export const BillingOverview = z.object({
  plan: PlanId,
  trialEndsAt: IsoDateTime.nullable(),
  readOnly: z.boolean(),
  usage: PlanUsage,
  limits: BillingLimits,
  options: z.array(BillingPlanOption),
  invoices: z.array(SubscriptionInvoice),
});
export type BillingOverview = z.infer<typeof BillingOverview>;

export const SubscriptionOrderBody = z.object({ plan: PaidPlanId });
export const SubscriptionOrder = z.object({
  keyId: z.string(),
  orderId: z.string(),
  plan: PaidPlanId,
  /** Paise, GST included (what Checkout charges). */
  amount: z.number().int(),
  amountRupees: z.number(),
  currency: z.literal('INR'),
  checkoutScriptUrl: z.string(),
  name: z.string(),
  description: z.string(),
});
export type SubscriptionOrder = z.infer<typeof SubscriptionOrder>;

export const SubscriptionVerifyBody = z.object({
  razorpay_order_id: Text('Order id').trim().min(1, 'Order id is required').max(100, 'Order id is too long'),
  razorpay_payment_id: Text('Payment id').trim().min(1, 'Payment id is required').max(100, 'Payment id is too long'),
  razorpay_signature: Text('Signature').trim().min(1, 'Signature is required').max(200, 'Signature is too long'),
});
export const SubscriptionPaidView = z.object({ plan: PaidPlanId, invoice: SubscriptionInvoice });

export const billingRoutes = {
  overview: route({
    method: 'GET',
    path: '/payments/billing',
    responses: { 200: ok(BillingOverview), 401: Problem, 403: Problem },
    auth: true,
    roles: ['owner', 'admin'],
    allowReadOnly: true,
    summary: "The organization's plan, trial end, usage against the plan's limits, the plans it may move to, and Akhada's invoices to it.",
  }),
  createOrder: route({
    method: 'POST',
    path: '/payments/billing/order',
    body: SubscriptionOrderBody,
    responses: { 201: ok(SubscriptionOrder), 400: Problem, 401: Problem, 403: Problem, 409: Problem, 502: Problem },
    auth: true,
    roles: ['owner'],
    allowReadOnly: true,
    summary: "Opens an order on Akhada's Razorpay account for a month of the plan (GST included). A plan the usage does not fit is 409 PLAN_TOO_SMALL.",
  }),
  verify: route({
    method: 'POST',
    path: '/payments/billing/verify',
    body: SubscriptionVerifyBody,
    responses: { 200: ok(SubscriptionPaidView), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ['owner'],
    allowReadOnly: true,
    summary: "Checks Checkout's signature with Akhada's key secret on the stored order; captured once (the webhook may come first or after).",
  }),
} as const;
