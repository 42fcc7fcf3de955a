import { autopayRoutes as ap, billingRoutes as b, paymentsRoutes as r, tallyRoutes as tally } from '@akhada/contracts';
import { addRoute } from '@akhada/kit';
import type { PaymentsDeps } from '../app/deps.ts';
import { analytics, dashboardOverview, exportPayments, pendingPayments, renewals, reports, salaries } from '../app/figures.ts';
import { listPayments, memberPayments, trainerPayments } from '../app/list-payments.ts';
import { autopayReport, cancelAutopay, getAutopay, listAutopayPlans, listAutopays, myAutopays, putAutopayPlan, startAutopay } from '../app/autopay.ts';
import { handleAutopayWebhook, isSubscriptionWebhook } from '../app/autopay-webhook.ts';
import { changeAutopayMethod } from '../app/autopay-change.ts';
import { billingOverview, createSubscriptionOrder, handlePlatformWebhook, verifySubscription } from '../app/billing.ts';
import { createOrder, handleWebhook, verifyPayment } from '../app/online.ts';
import { createPaymentLink, deletePayment, getPayment, markPaid, refundPayment, remindPayment, updatePayment } from '../app/payment-commands.ts';
import { getIntegration, putIntegration, razorpayStatus } from '../app/razorpay-keys.ts';
import { createPayment, recordMembershipPayment, recordTrainerSalary } from '../app/record-payment.ts';
import { createInvoice } from '../app/create-invoice.ts';
import { downloadInvoice, getInvoice, listInvoices } from '../app/read-invoices.ts';
import { sendInvoice } from '../app/send-invoice.ts';
import { getTaxSettings, putTaxSettings } from '../app/tax-settings.ts';
import { exportTally, getTallyLedgers, putTallyLedgers } from '../app/tally.ts';

type Svc = Parameters<typeof addRoute>[0];

/** The raw bytes of a webhook's body, kept by build-app's preParsing hook for the HMAC. */
export const RAW_BODY = Symbol('rawBody');

/**
 * Contracts give the schemas (400 on bad input) and the roles (403, enforced by addRoute); the app layer keeps the rules
 * a role list cannot express (own record, own location) and does the work.
 */
export const registerRoutes = (svc: Svc, deps: PaymentsDeps): void => {
  addRoute(svc, r.list, async ({ query, ctx }) => listPayments(deps, ctx, query));
  addRoute(svc, r.overview, async ({ query, ctx }) => ({ success: true, data: await dashboardOverview(deps, ctx, query) }));
  addRoute(svc, r.analytics, async ({ query, ctx }) => ({ success: true, data: await analytics(deps, ctx, query) }));
  addRoute(svc, r.pending, async ({ query, ctx }) => pendingPayments(deps, ctx, query));
  addRoute(svc, r.renewals, async ({ query, ctx }) => ({ success: true, data: await renewals(deps, ctx, query) }));
  addRoute(svc, r.salaries, async ({ query, ctx }) => ({ success: true, data: await salaries(deps, ctx, query) }));
  addRoute(svc, r.export, async ({ query, ctx }, _req, reply) => {
    const file = exportPayments(deps, ctx, query);
    reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.body);
  });
  addRoute(svc, r.reports, async ({ query, ctx }) => ({ success: true, data: await reports(deps, ctx, query) }));
  addRoute(svc, r.memberPayments, async ({ params, query, ctx }) => memberPayments(deps, ctx, params.id, query));
  addRoute(svc, r.memberMembership, async ({ params, body, ctx }, _req, reply) =>
    reply.status(201).send({ success: true, data: await recordMembershipPayment(deps, ctx, params.id, body) }),
  );
  addRoute(svc, r.trainerPayments, async ({ params, query, ctx }) => trainerPayments(deps, ctx, params.id, query));
  addRoute(svc, r.trainerSalary, async ({ params, body, ctx }, _req, reply) =>
    reply.status(201).send({ success: true, data: await recordTrainerSalary(deps, ctx, params.id, body) }),
  );
  addRoute(svc, r.razorpayStatus, async ({ ctx }) => ({ success: true, data: await razorpayStatus(deps, ctx) }));
  addRoute(svc, r.razorpayCreateOrder, async ({ body, ctx }, _req, reply) =>
    reply.status(201).send({ success: true, data: await createOrder(deps, ctx, body.paymentId) }),
  );
  addRoute(svc, r.razorpayVerify, async ({ body, ctx }) => ({ success: true, data: await verifyPayment(deps, ctx, body) }));
  addRoute(svc, r.razorpayWebhook, async ({ body }, req) => {
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : undefined;
    };
    const raw = (req as unknown as Record<symbol, Buffer | undefined>)[RAW_BODY];
    // A subscription's webhook (autopay) is checked with the secret of the gym whose subscription it names.
    if (isSubscriptionWebhook(body)) {
      const outcome = await handleAutopayWebhook({ ...deps, logger: req.log as never }, raw, body as never, {
        signature: header('x-razorpay-signature'),
        eventId: header('x-razorpay-event-id'),
      });
      return { success: true, message: outcome };
    }
    // An order of Akhada's own account (a plan payment) is checked with the platform secret; anything else is the gym's.
    const platform = await handlePlatformWebhook(deps, raw, body as never, {
      signature: header('x-razorpay-signature'),
      eventId: header('x-razorpay-event-id'),
    });
    if (platform) return { success: true, message: platform };
    const outcome = await handleWebhook({ ...deps, logger: req.log as never }, raw, body as never, {
      signature: header('x-razorpay-signature'),
      eventId: header('x-razorpay-event-id'),
    });
    return { success: true, message: outcome };
  });
  addRoute(svc, r.razorpayIntegration, async ({ ctx }) => ({ success: true, data: await getIntegration(deps, ctx) }));
  addRoute(svc, r.putRazorpayIntegration, async ({ body, ctx }) => ({ success: true, data: await putIntegration(deps, ctx, body) }));
  addRoute(svc, b.overview, async ({ ctx }) => ({ success: true, data: await billingOverview(deps, ctx) }));
  addRoute(svc, b.createOrder, async ({ body, ctx }, _req, reply) =>
    reply.status(201).send({ success: true, data: await createSubscriptionOrder(deps, ctx, body.plan) }),
  );
  addRoute(svc, b.verify, async ({ body, ctx }) => ({ success: true, data: await verifySubscription(deps, ctx, body) }));
  addRoute(svc, r.get, async ({ params, ctx }) => ({ success: true, data: await getPayment(deps, ctx, params.id) }));
  addRoute(svc, r.create, async ({ body, ctx }, _req, reply) => reply.status(201).send({ success: true, data: await createPayment(deps, ctx, body) }));
  addRoute(svc, r.update, async ({ params, body, ctx }) => ({ success: true, data: await updatePayment(deps, ctx, params.id, body) }));
  addRoute(svc, r.delete, async ({ params, ctx }) => {
    await deletePayment(deps, ctx, params.id);
    return { success: true, message: 'Payment deleted' };
  });
  addRoute(svc, r.markPaid, async ({ params, body, ctx }) => ({
    success: true,
    data: await markPaid(deps, ctx, params.id, body),
    message: 'Payment marked as paid',
  }));
  addRoute(svc, r.refund, async ({ params, body, ctx }) => ({
    success: true,
    data: await refundPayment(deps, ctx, params.id, body),
    message: 'Refund processed',
  }));
  addRoute(svc, r.remind, async ({ params, body, ctx }, _req, reply) =>
    reply.status(201).send({ success: true, data: await remindPayment(deps, ctx, params.id, body), message: 'Reminder sent' }),
  );
  addRoute(svc, r.paymentLink, async ({ params, ctx }, _req, reply) =>
    reply.status(201).send({ success: true, data: await createPaymentLink(deps, ctx, params.id) }),
  );
  registerAutopayRoutes(svc, deps);
  registerInvoiceRoutes(svc, deps);
};

/** Autopay (issue 28): plans with autopay, a member's subscription, staff's view and cancellation. */
const registerAutopayRoutes = (svc: Svc, deps: PaymentsDeps): void => {
  addRoute(svc, ap.plans, async ({ ctx }) => ({ success: true, data: await listAutopayPlans(deps, ctx) }));
  addRoute(svc, ap.putPlan, async ({ params, body, ctx }) => ({ success: true, data: await putAutopayPlan(deps, ctx, params.id, body) }));
  addRoute(svc, ap.start, async ({ body, ctx }, _req, reply) => reply.status(201).send({ success: true, data: await startAutopay(deps, ctx, body) }));
  addRoute(svc, ap.mine, async ({ ctx }) => ({ success: true, data: await myAutopays(deps, ctx) }));
  addRoute(svc, ap.list, async ({ query, ctx }) => ({ success: true, data: await listAutopays(deps, ctx, query) }));
  addRoute(svc, ap.report, async ({ query, ctx }) => ({ success: true, data: await autopayReport(deps, ctx, query) }));
  addRoute(svc, ap.get, async ({ params, ctx }) => ({ success: true, data: await getAutopay(deps, ctx, params.id) }));
  addRoute(svc, ap.cancel, async ({ params, body, ctx }) => ({ success: true, data: await cancelAutopay(deps, ctx, params.id, body) }));
  addRoute(svc, ap.changeMethod, async ({ params, ctx }) => ({ success: true, data: await changeAutopayMethod(deps, ctx, params.id) }));
};

/**
 * The invoice and tax-settings routes: part of registerRoutes, and registered alone by the invoices test harness
 * (test/invoices-setup.ts), which needs only what they use.
 */
export const registerInvoiceRoutes = (svc: Svc, deps: Pick<PaymentsDeps, 'db' | 'clock' | 'mailer'>): void => {
  addRoute(svc, r.createInvoice, async ({ ctx, body }, _req, reply) => {
    const data = await createInvoice(deps, ctx, body.paymentId);
    reply.code(201);
    return { success: true, data };
  });
  addRoute(svc, r.listInvoices, async ({ ctx, query }) => listInvoices(deps, ctx, query));
  addRoute(svc, r.taxSettings, async ({ ctx }) => ({ success: true, data: await getTaxSettings(deps, ctx) }));
  addRoute(svc, r.putTaxSettings, async ({ ctx, body }) => ({ success: true, data: await putTaxSettings(deps, ctx, body), message: 'Tax settings saved' }));
  addRoute(svc, r.getInvoice, async ({ ctx, params }) => ({ success: true, data: await getInvoice(deps, ctx, params.id) }));
  addRoute(svc, r.downloadInvoice, async ({ ctx, params, query }, _req, reply) => {
    const file = await downloadInvoice(deps, ctx, params.id, query.lang);
    reply.type('application/pdf').header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.body);
  });
  addRoute(svc, r.sendInvoice, async ({ ctx, params, body }) => sendInvoice(deps, ctx, params.id, body.email));
  // Tally export (issue 29): the ledger names mapped once, and a GSTIN's books over a date range as Tally's XML.
  addRoute(svc, tally.ledgers, async ({ ctx }) => ({ success: true, data: await getTallyLedgers(deps, ctx) }));
  addRoute(svc, tally.putLedgers, async ({ ctx, body }) => ({ success: true, data: await putTallyLedgers(deps, ctx, body), message: 'Tally ledgers saved' }));
  addRoute(svc, tally.export, async ({ ctx, query }, _req, reply) => {
    const file = await exportTally(deps, ctx, query);
    reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.body);
  });
};
