import type { z } from 'zod';
import type { InvoiceListQuery } from '@akhada/contracts';
import { notFound, type RequestContext } from '@akhada/kit';
import { renderInvoicePdf } from '../adapters/invoice-pdf.ts';
import type { PaymentsDeps } from './deps.ts';
import { findInvoice, listInvoices as listRows, type InvoiceRow } from '../db/invoices-repo.ts';
import { toInvoice } from '../views/invoice-view.ts';

/** Staff see their locations' invoices; a member only their own. Anything else is 'not found'. */
const visible = (ctx: RequestContext, row: InvoiceRow | undefined): row is InvoiceRow =>
  !!row && (ctx.role === 'member' ? row.member_id === ctx.userId : (ctx.role === 'owner' || ctx.role === 'admin') && ctx.locationIds.includes(row.location_id));

export const getInvoiceRow = async (deps: Pick<PaymentsDeps, 'db'>, ctx: RequestContext, id: string): Promise<InvoiceRow> => {
  const row = await findInvoice(deps.db, ctx.orgId, id);
  if (!visible(ctx, row)) throw notFound('Invoice');
  return row;
};

export const getInvoice = async (deps: Pick<PaymentsDeps, 'db'>, ctx: RequestContext, id: string) => toInvoice(await getInvoiceRow(deps, ctx, id));

export const listInvoices = async (deps: Pick<PaymentsDeps, 'db'>, ctx: RequestContext, q: z.infer<typeof InvoiceListQuery>) => {
  const member = ctx.role === 'member';
  const locationIds = member ? null : q.locationId ? ctx.locationIds.filter((l) => l === q.locationId) : ctx.locationIds;
  const { rows, total } = await listRows(
    deps.db,
    {
      orgId: ctx.orgId,
      locationIds,
      ...((member ? ctx.userId : q.memberId) && { memberId: member ? ctx.userId : q.memberId }),
      ...(q.search && { search: q.search }),
      ...(q.kind && { kind: q.kind }),
      ...(q.startDate && { startDate: q.startDate }),
      ...(q.endDate && { endDate: q.endDate }),
    },
    q.page,
    q.limit,
  );
  return {
    success: true as const,
    data: rows.map(toInvoice),
    totalCount: total,
    pagination: { page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) },
  };
};

/** The PDF: bilingual when asked (?lang=hi), else as the invoice was issued (the gym's or member's preference). */
export const downloadInvoice = async (deps: Pick<PaymentsDeps, 'db'>, ctx: RequestContext, id: string, lang: 'en' | 'hi' | undefined) => {
  const row = await getInvoiceRow(deps, ctx, id);
  const hindi = lang ? lang === 'hi' : row.language === 'en_hi';
  return {
    fileName: `${row.number.replace(/\//g, '-')}.pdf`,
    body: await renderInvoicePdf(toInvoice(row), { hindi, locationName: row.supplier.locationName }),
  };
};
