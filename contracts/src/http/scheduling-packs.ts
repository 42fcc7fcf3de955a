import { z } from 'zod';
import { IdParams, ok, Problem, route, Text } from './route.ts';

/**
 * Session packs of the scheduling service (prefix /scheduling/packs): pack types an organization sells (a number of
 * personal-training sessions, valid N days from the purchase, a price in paise before GST). Owners and admins manage
 * them; everyone in the organization sees the active ones (members to buy one). Selling and buying go through the
 * purchase pipeline (contracts/events/scheduling.ts PurchaseRequested). Pro and above, like the timetable: 402
 * PLAN_UPGRADE_REQUIRED on a smaller plan.
 */

const Name = Text('Name').trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters');
const Sessions = z
  .number({ message: 'Sessions must be a number' })
  .int('Sessions must be a whole number')
  .min(1, 'Sessions must be at least 1')
  .max(500, 'Sessions must be at most 500');
const ValidityDays = z
  .number({ message: 'Validity must be a number of days' })
  .int('Validity must be whole days')
  .min(1, 'Validity must be at least 1 day')
  .max(1095, 'Validity must be at most 1095 days (3 years)');
const PricePaise = z
  .number({ message: 'Price must be a number of paise' })
  .int('Price must be whole paise')
  .min(0, 'Price cannot be negative')
  .max(100_000_000, 'Price must be at most ₹10,00,000');

export const PackType = z.object({
  id: z.uuid(),
  name: z.string(),
  sessions: z.number().int(),
  validityDays: z.number().int(),
  /** Integer paise, before GST. */
  pricePaise: z.number().int(),
  archived: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type PackType = z.infer<typeof PackType>;

export const PackTypeBody = z.object({ name: Name, sessions: Sessions, validityDays: ValidityDays, pricePaise: PricePaise }).strict();
export type PackTypeBody = z.infer<typeof PackTypeBody>;
export const PackTypePatch = z
  .object({
    name: Name,
    sessions: Sessions,
    validityDays: ValidityDays,
    pricePaise: PricePaise,
    archived: z.boolean({ message: 'Archived must be true or false' }),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' });
export type PackTypePatch = z.infer<typeof PackTypePatch>;
export const PackTypesQuery = z.object({ includeArchived: z.enum(['true', 'false']).optional() });

const Id = (label: string) => z.uuid({ message: `${label} is not a valid id` });
export const SellPackBody = z
  .object({ packTypeId: Id('Pack type'), memberId: Id('Member'), method: z.enum(['cash', 'upi', 'card'], { message: 'Method must be cash, upi or card' }) })
  .strict();
export type SellPackBody = z.infer<typeof SellPackBody>;
export const BuyPackBody = z.object({ packTypeId: Id('Pack type') }).strict();
export type BuyPackBody = z.infer<typeof BuyPackBody>;
/** requested: sent to payments; pending: awaiting the member's online payment; paid: credits granted. */
export const PackPurchaseStatus = z.enum(['requested', 'pending', 'paid', 'cancelled', 'refunded']);
export const PackPurchase = z.object({
  id: z.uuid(),
  memberId: z.uuid(),
  packTypeId: z.uuid(),
  name: z.string(),
  sessions: z.number().int(),
  validityDays: z.number().int(),
  pricePaise: z.number().int(),
  method: z.string(),
  status: PackPurchaseStatus,
  /** The payment to pay online (Razorpay create-order with it) once payments made it; null until then. */
  paymentId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type PackPurchase = z.infer<typeof PackPurchase>;
export const PackBalance = z.object({
  memberId: z.uuid(),
  /** Credits usable now (packs not expired). */
  remaining: z.number().int(),
  packs: z.array(
    z.object({
      purchaseId: z.uuid(),
      name: z.string(),
      sessions: z.number().int(),
      used: z.number().int(),
      remaining: z.number().int(),
      expiresAt: z.iso.datetime({ offset: true }),
      expired: z.boolean(),
      refunded: z.boolean(),
    }),
  ),
  /** Sessions that counted, newest first; purchaseId null when no credit was left. */
  history: z.array(
    z.object({
      appointmentId: z.uuid(),
      purchaseId: z.uuid().nullable(),
      reason: z.enum(['attended', 'late_cancel', 'no_show']),
      at: z.iso.datetime({ offset: true }),
    }),
  ),
  purchases: z.array(PackPurchase),
});
export type PackBalance = z.infer<typeof PackBalance>;
export const BalanceQuery = z.object({ memberId: Id('Member').optional() });

const MANAGERS = ['owner', 'admin'] as const;
const refusals = { 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem };

export const schedulingPackRoutes = {
  listPackTypes: route({
    method: 'GET',
    path: '/scheduling/packs/types',
    query: PackTypesQuery,
    responses: { 200: ok(z.array(PackType)), ...refusals },
    auth: true,
    roles: ['owner', 'admin', 'trainer', 'member'],
    summary: "The organization's pack types by name; archived ones only for owners and admins who ask (includeArchived=true).",
  }),
  createPackType: route({
    method: 'POST',
    path: '/scheduling/packs/types',
    body: PackTypeBody,
    responses: { 201: ok(PackType), ...refusals, 409: Problem },
    auth: true,
    roles: MANAGERS,
    summary: 'A new pack type: sessions, validity in days from the purchase, price in paise before GST (409 CONFLICT on a name in use).',
  }),
  updatePackType: route({
    method: 'PATCH',
    path: '/scheduling/packs/types/:id',
    params: IdParams,
    body: PackTypePatch,
    responses: { 200: ok(PackType), ...refusals, 409: Problem },
    auth: true,
    roles: MANAGERS,
    summary: 'Changes a pack type (packs sold keep what they were sold with); archived: true stops selling it, false sells it again.',
  }),
  sellPack: route({
    method: 'POST',
    path: '/scheduling/packs/sell',
    body: SellPackBody,
    responses: { 201: ok(PackPurchase), ...refusals },
    auth: true,
    roles: MANAGERS,
    summary: "Sells a pack to a member of the caller's locations at the desk (cash, UPI, card): paid at once; the credits follow payments' completion.",
  }),
  buyPack: route({
    method: 'POST',
    path: '/scheduling/packs/buy',
    body: BuyPackBody,
    responses: { 201: ok(PackPurchase), ...refusals },
    auth: true,
    roles: ['member'],
    summary:
      'The member buys a pack online: payments makes a pending payment (paymentId on the purchase), paid with Razorpay Checkout; credited when captured.',
  }),
  balance: route({
    method: 'GET',
    path: '/scheduling/packs/balance',
    query: BalanceQuery,
    responses: { 200: ok(PackBalance), ...refusals },
    auth: true,
    roles: ['owner', 'admin', 'trainer', 'member'],
    summary: "A member's credits, packs (expired ones marked), sessions used and purchases: a member their own; staff a member of their locations (memberId).",
  }),
} as const;
