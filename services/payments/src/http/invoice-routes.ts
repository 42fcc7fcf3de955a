import { paymentsRoutes as r } from '@akhada/contracts';
import { addRoute } from '@akhada/kit';
import { createInvoice } from '../app/create-invoice.ts';
import type { InvoiceDeps } from '../app/invoice-deps.ts';
import { createInvoiceMailer } from '../adapters/invoice-mailer.ts';
import { downloadInvoice, getInvoice, listInvoices } from '../app/read-invoices.ts';
import { sendInvoice } from '../app/send-invoice.ts';
import { getTaxSettings, putTaxSettings } from '../app/tax-settings.ts';

type Svc = Parameters<typeof addRoute>[0];

/** The invoice and tax-settings routes (the invoices part of the service). The mailer defaults to the shared SMTP settings. */
export const registerInvoiceRoutes = (svc: Svc, deps: Omit<InvoiceDeps, 'mailer'> & { mailer?: InvoiceDeps['mailer'] }): void => {
  const d: InvoiceDeps = { ...deps, mailer: deps.mailer ?? createInvoiceMailer() };
  addRoute(svc, r.createInvoice, async ({ ctx, body }, _req, reply) => {
    const data = await createInvoice(d, ctx, body.paymentId);
    reply.code(201);
    return { success: true, data };
  });
  addRoute(svc, r.listInvoices, async ({ ctx, query }) => listInvoices(d, ctx, query));
  addRoute(svc, r.taxSettings, async ({ ctx }) => ({ success: true, data: await getTaxSettings(d, ctx) }));
  addRoute(svc, r.putTaxSettings, async ({ ctx, body }) => ({ success: true, data: await putTaxSettings(d, ctx, body), message: 'Tax settings saved' }));
  addRoute(svc, r.getInvoice, async ({ ctx, params }) => ({ success: true, data: await getInvoice(d, ctx, params.id) }));
  addRoute(svc, r.downloadInvoice, async ({ ctx, params, query }, _req, reply) => {
    const file = await downloadInvoice(d, ctx, params.id, query.lang);
    reply.type('application/pdf').header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.body);
  });
  addRoute(svc, r.sendInvoice, async ({ ctx, params, body }) => sendInvoice(d, ctx, params.id, body.email));
};
