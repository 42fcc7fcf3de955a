import { z } from 'zod';
import { MembershipType } from '../enums.ts';
import { IdParams, IsoDate, IsoDateTime, ok, Problem, route } from './route.ts';

/**
 * Autopay (issue 28): a gym's membership plan renewed automatically through a Razorpay subscription (UPI AutoPay, card
 * or e-NACH mandate), which the member authorises on Razorpay's Checkout. Served by the payments service.
 *
 * - Staff (owner, admin) turn autopay on or off per plan (Settings → Gym's plans); turning it on makes the plan's
 *   Razorpay plan (its price each period, GST included) with the gym's own keys.
 * - A member starts autopay on a plan that has it on: the answer is what Checkout needs (`subscriptionId`, the key).
 * - Each captured charge renews the member's membership by one plan period (recorded as a payment, invoiced in the
 *   gym's series); the status mirrors Razorpay's webhooks.
 * - The member sees their own and cancels it (at the end of the paid period by default); staff see the subscriptions
 *   of the locations they manage and cancel one. Another organization's id, or one the caller may not see, is 404.
 *
 * Money on the wire is rupees (two decimals at most), as in every payments route.
 */

export const AutopayStatus = z.enum(['created', 'authenticated', 'active', 'pending', 'halted', 'paused', 'cancelled', 'completed']);
export type AutopayStatus = z.infer<typeof AutopayStatus>;

export const AutopayPlan = z.object({
  planId: z.uuid(),
  name: z.string(),
  membershipType: MembershipType,
  periodMonths: z.number().int(),
  /** What each period charges, GST included (rupees). */
  amount: z.number(),
  /** Autopay is on for the plan. */
  enabled: z.boolean(),
});
export type AutopayPlan = z.infer<typeof AutopayPlan>;

/** An autopay's payment method: Razorpay's payment method (nach counted as emandate, e-NACH). */
export const AutopayMethod = z.enum(['upi', 'card', 'emandate']);
export type AutopayMethod = z.infer<typeof AutopayMethod>;

export const Autopay = z.object({
  _id: z.uuid(),
  memberId: z.uuid(),
  memberName: z.string(),
  locationId: z.uuid(),
  planId: z.uuid(),
  planName: z.string(),
  membershipType: MembershipType,
  periodMonths: z.number().int(),
  /** Each charge, GST included (rupees). */
  amount: z.number(),
  status: AutopayStatus,
  razorpaySubscriptionId: z.string(),
  /** The first day the first charge pays for. */
  startDate: IsoDate,
  /** Charges captured so far (each renewed the membership by one period). */
  charges: z.number().int(),
  /** The end of the last period paid (start + charges × period); null before the first charge. */
  paidThrough: IsoDate.nullable(),
  /** When the next charge is due (the paid-through date) while autopay runs; null otherwise. */
  nextChargeDate: IsoDate.nullable(),
  lastChargeAt: IsoDateTime.nullable(),
  lastChargeAmount: z.number().nullable(),
  /** Failed charges so far (Razorpay retries; halted after its retries). */
  failures: z.number().int(),
  lastFailureAt: IsoDateTime.nullable(),
  /** A cancellation asked for and not yet confirmed by Razorpay: at the end of the paid period, or now. */
  cancelRequested: z.enum(['now', 'cycle_end']).nullable(),
  /** The mandate's payment method (UPI AutoPay, card, e-NACH), from Razorpay's payments; null until one names it. */
  method: AutopayMethod.nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Autopay = z.infer<typeof Autopay>;

/** What the member's browser opens Razorpay's Checkout with (subscription_id instead of an order). */
export const AutopayCheckout = z.object({
  autopay: Autopay,
  keyId: z.string(),
  subscriptionId: z.string(),
  checkoutScriptUrl: z.string(),
  /** Razorpay's hosted authorisation page for the subscription (an alternative to Checkout). */
  shortUrl: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
});
export type AutopayCheckout = z.infer<typeof AutopayCheckout>;

export const PutAutopayPlanBody = z.object({ enabled: z.boolean({ message: 'Say whether autopay is on' }) });
export type PutAutopayPlanBody = z.infer<typeof PutAutopayPlanBody>;
export const StartAutopayBody = z.object({ planId: z.uuid({ message: 'Choose a plan' }) });
export type StartAutopayBody = z.infer<typeof StartAutopayBody>;
export const CancelAutopayBody = z.object({
  /** true (default): the member keeps what they paid for and no further charge is made; false: cancelled now. */
  atCycleEnd: z.boolean().default(true),
});
export type CancelAutopayBody = z.infer<typeof CancelAutopayBody>;
export const AutopayListQuery = z.object({
  status: AutopayStatus.optional(),
  memberId: z.uuid({ message: 'Not a valid member id' }).optional(),
});

/** Staff's report: the charges due in the next days (by date), and the autopays whose charge failed. */
export const AutopayReportQuery = z.object({
  days: z.coerce
    .number({ message: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'At least 1 day')
    .max(90, 'At most 90 days')
    .default(30),
});
export const AutopayReport = z.object({
  from: IsoDate,
  to: IsoDate,
  upcoming: z.array(z.object({ date: IsoDate, amount: z.number(), autopay: Autopay })),
  /** Their sum (rupees). */
  upcomingTotal: z.number(),
  /** Pending (Razorpay retrying) and halted (it gave up) autopays, the latest failure first. */
  failed: z.array(Autopay),
});
export type AutopayReport = z.infer<typeof AutopayReport>;

const STAFF = ['owner', 'admin'] as const;
const STAFF_MEMBER = ['owner', 'admin', 'member'] as const;
const ERRORS = { 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem } as const;

export const autopayRoutes = {
  plans: route({
    method: 'GET',
    path: '/payments/autopay/plans',
    responses: { 200: ok(z.array(AutopayPlan)), 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF_MEMBER,
    summary: 'The gym’s plans with whether autopay is on for each (members see only the plans that have it).',
  }),
  putPlan: route({
    method: 'PUT',
    path: '/payments/autopay/plans/:id',
    params: IdParams,
    body: PutAutopayPlanBody,
    responses: { 200: ok(AutopayPlan), ...ERRORS, 502: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Turns autopay on or off for a plan; on makes its Razorpay plan (price each period, GST included) with the gym’s keys.',
    description: '404 for a plan the gym does not sell; 409 RAZORPAY_NOT_CONFIGURED without keys and webhook secret; 502 when Razorpay fails.',
  }),
  start: route({
    method: 'POST',
    path: '/payments/autopay',
    body: StartAutopayBody,
    responses: { 201: ok(AutopayCheckout), ...ERRORS, 502: Problem },
    auth: true,
    roles: ['member'],
    summary: 'A member starts autopay on a plan: the Razorpay subscription is made; the answer is what Checkout needs.',
    description:
      '404 for a plan without autopay; 409 when the member has a running autopay; asking again for the same plan before authorising answers the same subscription.',
  }),
  mine: route({
    method: 'GET',
    path: '/payments/autopay/mine',
    responses: { 200: ok(z.array(Autopay)), 401: Problem, 403: Problem },
    auth: true,
    roles: ['member'],
    summary: 'The member’s own autopays, newest first.',
  }),
  list: route({
    method: 'GET',
    path: '/payments/autopay',
    query: AutopayListQuery,
    responses: { 200: ok(z.array(Autopay)), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Autopays of the locations the caller manages (by status or member), newest first.',
  }),
  report: route({
    method: 'GET',
    path: '/payments/autopay/report',
    query: AutopayReportQuery,
    responses: { 200: ok(AutopayReport), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Autopay charges due in the next days (30 by default) and the failed ones, for the locations the caller manages.',
  }),
  get: route({
    method: 'GET',
    path: '/payments/autopay/:id',
    params: IdParams,
    responses: { 200: ok(Autopay), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF_MEMBER,
    summary: 'One autopay (a member: only their own).',
  }),
  cancel: route({
    method: 'POST',
    path: '/payments/autopay/:id/cancel',
    params: IdParams,
    body: CancelAutopayBody,
    responses: { 200: ok(Autopay), ...ERRORS, 502: Problem },
    auth: true,
    roles: STAFF_MEMBER,
    summary: 'Cancels an autopay in Razorpay: at the end of the paid period (default) or now; the status follows Razorpay’s webhook.',
    description: '409 when it is cancelled or completed already.',
  }),
  changeMethod: route({
    method: 'POST',
    path: '/payments/autopay/:id/change-method',
    params: IdParams,
    responses: { 200: ok(AutopayCheckout), ...ERRORS, 502: Problem },
    auth: true,
    roles: ['member'],
    summary:
      'A member changes their autopay’s method: a new subscription from the next charge date to authorise on Checkout; the old one ends at its cycle end.',
    description:
      'The autopay follows the new subscription once Razorpay reports it authenticated; abandoned, nothing changes. Asking again answers the same one. 404 for another’s autopay; 409 when it is not running or being cancelled.',
  }),
};
