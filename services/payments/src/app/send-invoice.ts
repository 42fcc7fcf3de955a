import { badRequest, type RequestContext } from '@akhada/kit';
import { renderInvoicePdf } from '../adapters/invoice-pdf.ts';
import { indianFigures } from '../domain/tax/words.ts';
import type { PaymentsDeps } from './deps.ts';
import { getInvoiceRow } from './read-invoices.ts';
import { findMember, markSent, type InvoiceRow } from '../db/invoices-repo.ts';
import { toInvoice } from '../views/invoice-view.ts';

const TITLES = { tax_invoice: 'Tax Invoice', bill_of_supply: 'Bill of Supply', credit_note: 'Credit Note', receipt: 'Receipt' } as const;

/** Mails an invoice's PDF to `to` (staff's Send, and each autopay charge's invoice). */
export const mailInvoice = async (deps: Pick<PaymentsDeps, 'mailer'>, row: InvoiceRow, to: string) => {
  const invoice = toInvoice(row);
  const pdf = await renderInvoicePdf(invoice, { hindi: row.language === 'en_hi', locationName: row.supplier.locationName });
  const title = TITLES[row.kind];
  await deps.mailer.send({
    to,
    subject: `${title} ${row.number} from ${row.supplier.legalName}`,
    text: [
      `Dear ${row.recipient_name},`,
      '',
      `Please find attached ${title.toLowerCase()} ${row.number} dated ${row.issue_date} for Rs. ${indianFigures(Number(row.total_paise))}.`,
      '',
      `Thank you,`,
      row.supplier.legalName,
    ].join('\n'),
    attachments: [{ filename: `${row.number.replace(/\//g, '-')}.pdf`, content: pdf, contentType: 'application/pdf' }],
  });
};

/** POST /payments/invoices/{id}/send: emails the PDF to the member (or the address given) and notes when. */
export const sendInvoice = async (deps: Pick<PaymentsDeps, 'db' | 'clock' | 'mailer'>, ctx: RequestContext, id: string, email: string | undefined) => {
  const row = await getInvoiceRow(deps, ctx, id);
  const member = row.member_id ? await findMember(deps.db, ctx.orgId, row.member_id) : undefined;
  const to = email ?? member?.email;
  if (!to) throw badRequest('This member has no email address; enter one to send the invoice to', [{ path: 'email', message: 'Enter an email address' }]);
  await mailInvoice(deps, row, to);
  await markSent(deps.db, ctx.orgId, row.id, deps.clock());
  return { success: true as const, message: `Invoice ${row.number} sent to ${to}` };
};
