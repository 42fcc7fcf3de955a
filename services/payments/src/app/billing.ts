import { PaymentEvents, PlanId, topicOf, type BillingOverview, type PaidPlanId, type SubscriptionInvoice, type SubscriptionOrder } from '@akhada/contracts';
import { AppError, enqueue, makeEnvelope, metadataOf, notFound, type RequestContext } from '@akhada/kit';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { PaymentsDb, SubscriptionOrdersTable } from '../db/schema.ts';
import { limitsOf, subscriptionGst, subscriptionInvoiceNumber, whyNotFits, type Usage } from '../domain/billing/plan-billing.ts';
import { paiseToRupees } from '../domain/money.ts';
import { gstinState } from '../domain/tax/gstin.ts';
import { financialYearOf } from '../domain/tax/rule.ts';
import type { PaymentsDeps, PlatformBilling } from './deps.ts';

/**
 * Plan and billing: the organization pays AKHADA (its platform Razorpay account, keys from the environment, never the
 * gym's own keys) for a month of a plan. Capture (Checkout's verify or the platform webhook, whichever comes first;
 * the other does nothing) numbers Akhada's tax invoice in its own series and announces payments.subscription_paid in
 * the same transaction; auth consumes it and puts the organization on the plan, which ends read-only mode everywhere.
 */

type Deps = Pick<PaymentsDeps, 'db' | 'clock' | 'directory' | 'razorpay' | 'checkoutScriptUrl' | 'platform'>;

const requirePlatform = (deps: Pick<PaymentsDeps, 'platform'>): PlatformBilling => {
  if (!deps.platform) throw new AppError(409, 'BILLING_NOT_CONFIGURED', 'Online plan payments are not available right now. Please contact Akhada support.');
  return deps.platform;
};

/** The organization's usage, from this service's copies of other services' events (no cross-service call). */
export const usageOf = async (db: Kysely<PaymentsDb> | Transaction<PaymentsDb>, orgId: string): Promise<Usage> => {
  const [members, trainers, locations] = await Promise.all([
    db
      .selectFrom('pay_members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId)
      .where('status', 'not in', ['archived', 'pending'])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('pay_trainers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId)
      .where('status', '<>', 'archived')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('kit_locations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow(),
  ]);
  return { members: Number(members.n), trainers: Number(trainers.n), locations: Number(locations.n) };
};

/** The gym as the recipient: the GSTIN of a registered location (its GST settings), else the state of any location. */
const recipientOf = async (db: Kysely<PaymentsDb>, orgId: string): Promise<{ gstin: string | null; state: string | null }> => {
  const rows = await db
    .selectFrom('tax_location_settings')
    .select(['gst_registered', 'gstin', 'state_code'])
    .where('org_id', '=', orgId)
    .orderBy('location_id')
    .execute();
  const registered = rows.find((r) => r.gst_registered && r.gstin);
  if (registered?.gstin) return { gstin: registered.gstin, state: gstinState(registered.gstin) };
  return { gstin: null, state: rows[0]?.state_code ?? null };
};

const toInvoice = (r: SubscriptionOrdersTable): SubscriptionInvoice => ({
  orderId: r.order_id,
  number: r.invoice_number ?? '',
  plan: r.plan as PaidPlanId,
  taxable: paiseToRupees(Number(r.taxable_paise)),
  cgst: paiseToRupees(Number(r.cgst_paise)),
  sgst: paiseToRupees(Number(r.sgst_paise)),
  igst: paiseToRupees(Number(r.igst_paise)),
  total: paiseToRupees(Number(r.total_paise)),
  supplierGstin: r.supplier_gstin,
  recipientGstin: r.recipient_gstin,
  paidAt: new Date(r.captured_at ?? r.created_at).toISOString(),
});

export const billingOverview = async (deps: Pick<PaymentsDeps, 'db' | 'clock' | 'directory' | 'platform'>, ctx: RequestContext): Promise<BillingOverview> => {
  const org = await deps.db.selectFrom('kit_organizations').selectAll().where('org_id', '=', ctx.orgId).executeTakeFirst();
  const plan: PlanId = (org?.plan as PlanId | undefined) ?? 'free';
  const trialEndsAt = org?.trial_ends_at ? new Date(org.trial_ends_at) : null;
  const usage = await usageOf(deps.db, ctx.orgId);
  const supplierGstin = deps.platform?.gstin ?? '';
  const recipient = await recipientOf(deps.db, ctx.orgId);
  const invoices = await deps.db
    .selectFrom('subscription_orders')
    .selectAll()
    .where('org_id', '=', ctx.orgId)
    .where('status', '=', 'captured')
    .orderBy('captured_at', 'desc')
    .limit(24)
    .execute();
  return {
    plan,
    trialEndsAt: trialEndsAt?.toISOString() ?? null,
    readOnly: plan === 'free' && trialEndsAt !== null && trialEndsAt.getTime() <= deps.clock().getTime(),
    usage,
    limits: limitsOf(plan),
    options: PlanId.options
      .filter((p): p is PaidPlanId => p !== 'free')
      .map((p) => {
        const split = subscriptionGst(p, supplierGstin || '27', recipient.state);
        const reason = whyNotFits(p, usage);
        return {
          plan: p,
          price: paiseToRupees(split.taxablePaise),
          gst: paiseToRupees(split.cgstPaise + split.sgstPaise + split.igstPaise),
          total: paiseToRupees(split.totalPaise),
          limits: limitsOf(p),
          fits: reason === null,
          reason,
        };
      }),
    invoices: invoices.map(toInvoice),
  };
};

/** Opens an order on Akhada's account for a month of `plan`, GST included; a plan the gym's usage exceeds is refused. */
export const createSubscriptionOrder = async (deps: Deps, ctx: RequestContext, plan: PaidPlanId): Promise<SubscriptionOrder> => {
  const platform = requirePlatform(deps);
  const reason = whyNotFits(plan, await usageOf(deps.db, ctx.orgId));
  if (reason) throw new AppError(409, 'PLAN_TOO_SMALL', reason);
  const recipient = await recipientOf(deps.db, ctx.orgId);
  const split = subscriptionGst(plan, platform.gstin, recipient.state);
  let order: { id: string };
  try {
    order = await deps.razorpay.client(platform).orders.create({
      amount: split.totalPaise,
      currency: 'INR',
      receipt: `plan-${ctx.orgId.slice(0, 30)}`,
      notes: { orgId: ctx.orgId, plan, kind: 'subscription' },
    });
  } catch (err) {
    throw deps.razorpay.toAppError(err);
  }
  await deps.db
    .insertInto('subscription_orders')
    .values({
      order_id: order.id,
      org_id: ctx.orgId,
      plan,
      taxable_paise: split.taxablePaise,
      cgst_paise: split.cgstPaise,
      sgst_paise: split.sgstPaise,
      igst_paise: split.igstPaise,
      total_paise: split.totalPaise,
      supplier_gstin: platform.gstin,
      recipient_gstin: recipient.gstin,
      status: 'created',
      razorpay_payment_id: null,
      invoice_number: null,
      created_by_id: ctx.userId,
      created_at: deps.clock(),
      captured_at: null,
    })
    .execute();
  const name = plan.charAt(0).toUpperCase() + plan.slice(1);
  return {
    keyId: platform.keyId,
    orderId: order.id,
    plan,
    amount: split.totalPaise,
    amountRupees: paiseToRupees(split.totalPaise),
    currency: 'INR',
    checkoutScriptUrl: deps.checkoutScriptUrl,
    name: platform.legalName,
    description: `Akhada ${name} plan, one month (GST included)`,
  };
};

/**
 * Captures a subscription order once: the first call numbers the invoice and announces payments.subscription_paid in
 * the same transaction; a later one (verify after the webhook, a redelivery) returns the captured row and does nothing.
 */
export const captureSubscription = async (
  db: Kysely<PaymentsDb>,
  orderId: string,
  razorpayPaymentId: string,
  source: { correlationId: string; requestId: string; userId?: string | undefined },
  now: Date,
): Promise<SubscriptionOrdersTable | null> =>
  db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('subscription_orders').selectAll().where('order_id', '=', orderId).forUpdate().executeTakeFirst();
    if (!row) return null;
    if (row.status === 'captured') return row;
    const fy = financialYearOf(now.toISOString().slice(0, 10));
    const counter = await trx
      .insertInto('subscription_invoice_counters')
      .values({ financial_year: fy, last: 1 })
      .onConflict((oc) => oc.column('financial_year').doUpdateSet({ last: sql<number>`subscription_invoice_counters.last + 1` }))
      .returning('last')
      .executeTakeFirstOrThrow();
    const captured = await trx
      .updateTable('subscription_orders')
      .set({ status: 'captured', razorpay_payment_id: razorpayPaymentId, invoice_number: subscriptionInvoiceNumber(fy, counter.last), captured_at: now })
      .where('order_id', '=', orderId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const meta = metadataOf({ orgId: row.org_id, correlationId: source.correlationId, requestId: source.requestId, userId: source.userId });
    await enqueue(
      trx,
      topicOf('payments'),
      makeEnvelope(PaymentEvents.SubscriptionPaid, {
        ...meta,
        aggregateId: orderId,
        occurredAt: now.toISOString(),
        data: {
          organizationId: row.org_id,
          plan: row.plan as PaidPlanId,
          orderId,
          razorpayPaymentId,
          invoiceNumber: captured.invoice_number!,
          totalPaise: Number(row.total_paise),
          paidAt: now.toISOString(),
        },
      }),
    );
    return captured;
  });

/** Checkout's answer for a subscription: the signature is checked with Akhada's key secret on the order WE stored (in the caller's organization). */
export const verifySubscription = async (
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'razorpay' | 'platform'>,
  ctx: RequestContext,
  body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) => {
  const platform = requirePlatform(deps);
  const row = await deps.db
    .selectFrom('subscription_orders')
    .selectAll()
    .where('order_id', '=', body.razorpay_order_id)
    .where('org_id', '=', ctx.orgId)
    .executeTakeFirst();
  if (!row) throw notFound('Order');
  const ok = deps.razorpay.verifyPaymentSignature({
    orderId: row.order_id,
    paymentId: body.razorpay_payment_id,
    signature: body.razorpay_signature,
    keySecret: platform.keySecret,
  });
  if (!ok) throw new AppError(400, 'RAZORPAY_SIGNATURE_INVALID', 'The payment could not be verified. If money was taken, it will be matched automatically.');
  const captured = await captureSubscription(deps.db, row.order_id, body.razorpay_payment_id, ctx, deps.clock());
  return { plan: captured!.plan as PaidPlanId, invoice: toInvoice(captured!) };
};

/**
 * A webhook for an order of Akhada's own account (the gym webhook route hands it here when the order is a
 * subscription order): HMAC of the raw body with the PLATFORM webhook secret; payment.captured captures once.
 * Null when the body is not about a subscription order (the gym webhook goes on as before).
 */
export const handlePlatformWebhook = async (
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'razorpay' | 'platform'>,
  raw: Buffer | string | undefined,
  body: { event?: string; payload?: { payment?: { entity?: { id?: string; order_id?: string | null } } } },
  headers: { signature?: string | undefined; eventId?: string | undefined },
): Promise<string | null> => {
  const orderId = body.payload?.payment?.entity?.order_id;
  if (!orderId || !deps.platform) return null;
  const row = await deps.db.selectFrom('subscription_orders').select(['order_id', 'org_id']).where('order_id', '=', orderId).executeTakeFirst();
  if (!row) return null;
  if (!raw || !headers.signature || !deps.razorpay.verifyWebhookSignature(raw, headers.signature, deps.platform.webhookSecret))
    throw new AppError(400, 'INVALID_WEBHOOK_SIGNATURE', 'Invalid webhook signature');
  const paymentId = body.payload?.payment?.entity?.id;
  if (body.event !== 'payment.captured' || !paymentId) return 'ignored';
  const id = headers.eventId ?? orderId;
  await captureSubscription(deps.db, orderId, paymentId, { correlationId: id, requestId: id }, deps.clock());
  return 'captured';
};
