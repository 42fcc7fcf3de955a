// Issue 28: an autopay charge's invoice reaches the member by mail without anyone pressing Send — the job mails the
// invoices of autopay payments not yet sent, once each, and leaves staff's own payments to staff.
import { metadataOf } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceMail } from '../src/adapters/invoice-mailer.ts';
import { mailAutopayInvoices } from '../src/app/autopay-invoice-mail.ts';
import { issueInvoiceIn, type PaymentForInvoice } from '../src/app/issue-invoice.ts';
import { bootInvoices } from './setup.ts';

const orgA = randomUUID();
const L1 = randomUUID();
const asha = randomUUID();
const noMail = randomUUID();
let t: Awaited<ReturnType<typeof bootInvoices>>;

beforeAll(async () => {
  t = await bootInvoices('payments_apmail');
  await t.org(orgA, [L1]);
  await t.member({ id: asha, org_id: orgA, location_id: L1, first_name: 'Asha', email: 'asha-autopay@example.in' });
  await t.member({ id: noMail, org_id: orgA, location_id: L1, first_name: 'Ravi', email: '' });
}, 120_000);
afterAll(async () => t?.close());

/** A completed payment of `source` for `memberId`, and its invoice issued as the invoice consumer does. */
const paidAndInvoiced = async (memberId: string, source: 'autopay' | 'staff') => {
  const paymentId = await t.payment({
    org_id: orgA,
    location_id: L1,
    member_id: memberId,
    source,
    source_id: source === 'autopay' ? `pay_${randomUUID().slice(0, 8)}` : null,
  });
  const p: PaymentForInvoice = {
    paymentId,
    orgId: orgA,
    locationId: L1,
    category: 'member',
    type: 'membership_renewal',
    status: 'completed',
    memberId,
    memberName: 'Member',
    description: 'Monthly (autopay)',
    amountPaise: 200_000,
    gstPaise: 10_000,
    totalPaise: 210_000,
  };
  const meta = metadataOf({ orgId: orgA, correlationId: randomUUID(), requestId: randomUUID() });
  const { row } = await t.db.transaction().execute((trx) => issueInvoiceIn(trx, p, new Date(t.time.now), meta));
  return row;
};
const mails: InvoiceMail[] = [];
const mail = () => mailAutopayInvoices({ db: t.db, clock: () => new Date(t.time.now), mailer: { send: async (m) => void mails.push(m) } });
const sentAt = async (id: string) => (await t.db.selectFrom('invoices').select('sent_at').where('id', '=', id).executeTakeFirstOrThrow()).sent_at;

describe('autopay invoices by mail', () => {
  it('mails each autopay charge’s invoice to the member once, marks it sent, and leaves staff’s payments and members without email unmailed', async () => {
    const charged = await paidAndInvoiced(asha, 'autopay');
    const byStaff = await paidAndInvoiced(asha, 'staff');
    const noAddress = await paidAndInvoiced(noMail, 'autopay');

    expect(await mail()).toBe(1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'asha-autopay@example.in' });
    expect(mails[0]!.subject).toContain(charged.number);
    expect(mails[0]!.attachments[0]?.contentType).toBe('application/pdf');
    expect(await sentAt(charged.id)).not.toBeNull();
    expect(await sentAt(noAddress.id)).not.toBeNull();
    expect(await sentAt(byStaff.id)).toBeNull();

    // Run again: nothing more is mailed.
    expect(await mail()).toBe(0);
    expect(mails).toHaveLength(1);
  });
});
