import type { Logger } from '@akhada/kit';
import { findMember, markSent } from '../db/invoices-repo.ts';
import type { PaymentsDeps } from './deps.ts';
import { mailInvoice } from './send-invoice.ts';

/** How far back an autopay invoice not yet mailed is still mailed (older ones are left to staff's "Send"). */
const WITHIN_MS = 7 * 86_400_000;

/**
 * Issue 28: each autopay charge's invoice (issued from its payment_completed, in the gym's series) is mailed to the
 * member, as a charge the member did not make by hand would otherwise leave them without one. A job outside any
 * transaction: the invoices of autopay payments not yet sent (sent_at null) are mailed, then marked sent — at least
 * once (a crash between the two mails it again; never none). A member without an email is marked and skipped.
 */
export const mailAutopayInvoices = async (deps: Pick<PaymentsDeps, 'db' | 'clock' | 'mailer'> & { logger?: Logger }, limit = 50): Promise<number> => {
  const since = new Date(deps.clock().getTime() - WITHIN_MS);
  const rows = await deps.db
    .selectFrom('invoices as i')
    .innerJoin('payments as p', (j) => j.onRef('p.id', '=', 'i.payment_id').onRef('p.org_id', '=', 'i.org_id'))
    .selectAll('i')
    .where('p.source', '=', 'autopay')
    .where('i.refund_id', 'is', null)
    .where('i.sent_at', 'is', null)
    .where('i.created_at', '>=', since)
    .orderBy('i.created_at')
    .limit(limit)
    .execute();
  let sent = 0;
  for (const row of rows) {
    const member = row.member_id ? await findMember(deps.db, row.org_id, row.member_id) : undefined;
    try {
      if (member?.email) {
        await mailInvoice(deps, row, member.email);
        sent += 1;
      }
      await markSent(deps.db, row.org_id, row.id, deps.clock());
    } catch (err) {
      deps.logger?.warn({ err, invoiceId: row.id }, 'mailing an autopay invoice failed; tried again on the next run');
    }
  }
  return sent;
};
