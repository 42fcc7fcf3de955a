import { metadataOf } from '@akhada/kit';
import { XMLParser } from 'fast-xml-parser';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCreditNoteIn } from '../src/app/issue-invoice.ts';
import { bootInvoices, gstinCheckCharacter } from './setup.ts';

// The Tally export (issue 29): the file parsed back must carry the GST report's figures for the same period.
const orgA = randomUUID();
const orgB = randomUUID();
const L1 = randomUUID(); // Pune, Maharashtra GSTIN
const L2 = randomUUID(); // Bengaluru, Karnataka GSTIN
const LB = randomUUID(); // another gym's
const MH = '27AAPFU0939F1ZV';
const KA = `29AAPFU0939F1Z${gstinCheckCharacter('29AAPFU0939F1Z')}`;
const OTHER = `27AABCA1234B1Z${gstinCheckCharacter('27AABCA1234B1Z')}`; // org B's
const CUSTOMER = `29AAACR5055K1Z${gstinCheckCharacter('29AAACR5055K1Z')}`; // a business customer in Karnataka

let t: Awaited<ReturnType<typeof bootInvoices>>;
let owner: string, admin2: string, trainer: string, member: string, ownerB: string;

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload !== undefined && { payload: payload as object }) });
const loc = (locationId: string, gstin: string, stateCode: string, invoicePrefix: string) => ({
  locationId,
  gstRegistered: true,
  gstin,
  stateCode,
  legalName: 'Akhada Fitness Private Limited',
  address: 'Plot 14, Baner Road, Pune 411045',
  invoicePrefix,
});
/** A payment at `at` (paid then) and its invoice issued then. */
const invoiced = async (at: string, p: Parameters<typeof t.payment>[0], token = owner) => {
  t.time.now = Date.parse(at);
  const paymentId = await t.payment({ paid_at: new Date(at), ...p });
  const res = await call(token, 'POST', '/payments/invoices', { paymentId });
  expect(res.statusCode).toBe(201);
  return paymentId;
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => ['IMPORTDATA', 'TALLYMESSAGE', 'ALLLEDGERENTRIES.LIST'].includes(name),
});
interface Entry {
  LEDGERNAME: string;
  ISDEEMEDPOSITIVE: string;
  AMOUNT: string;
}
interface Voucher {
  '@_VCHTYPE': string;
  DATE: string;
  VOUCHERNUMBER: string;
  PARTYLEDGERNAME: string;
  'ALLLEDGERENTRIES.LIST': Entry[];
}
const parse = (xml: string) => {
  const doc = parser.parse(xml);
  const [masters, vouchers] = doc.ENVELOPE.BODY.IMPORTDATA;
  return {
    doc,
    masters: masters,
    ledgers: ((masters.REQUESTDATA?.TALLYMESSAGE ?? []) as { LEDGER: { '@_NAME': string; PARENT: string; PARTYGSTIN?: string } }[]).map((m) => m.LEDGER),
    vouchers: ((vouchers.REQUESTDATA?.TALLYMESSAGE ?? []) as { VOUCHER: Voucher }[]).map((m) => m.VOUCHER),
    report: vouchers.REQUESTDESC.REPORTNAME,
  };
};
const paise = (amount: string) => Math.round(Number(amount) * 100);
/** The net credit (positive) of a ledger over the vouchers given. */
const creditOf = (vouchers: Voucher[], ledger: string) =>
  vouchers.flatMap((v) => v['ALLLEDGERENTRIES.LIST']).reduce((a, e) => a + (e.LEDGERNAME === ledger ? paise(e.AMOUNT) : 0), 0);

beforeAll(async () => {
  t = await bootInvoices('payments_tally');
  await t.org(orgA, [L1, L2]);
  await t.org(orgB, [LB]);
  owner = await t.sign(orgA, 'owner', [L1, L2]);
  admin2 = await t.sign(orgA, 'admin', [L2]);
  trainer = await t.sign(orgA, 'trainer', [L1]);
  member = await t.sign(orgA, 'member', [L1], randomUUID());
  ownerB = await t.sign(orgB, 'owner', [LB]);
  expect(
    (
      await call(owner, 'PUT', '/payments/tax-settings', {
        sacCode: '999723',
        hindiInvoices: false,
        locations: [loc(L1, MH, '27', 'PUN'), loc(L2, KA, '29', 'BLR')],
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await call(ownerB, 'PUT', '/payments/tax-settings', { sacCode: '999723', hindiInvoices: false, locations: [loc(LB, OTHER, '27', 'OTH')] })).statusCode,
  ).toBe(200);
  // May 2026 at the Maharashtra GSTIN: a member (CGST + SGST) by UPI, a Karnataka business (IGST) by bank transfer,
  // a cash payment, and a credit note for part of the first.
  const first = await invoiced('2026-05-10T06:30:00Z', { org_id: orgA, location_id: L1, member_name: 'A & B <x>', method: 'upi' });
  await invoiced('2026-05-12T06:30:00Z', {
    org_id: orgA,
    location_id: L1,
    member_name: 'Rahul Mehta',
    method: 'netbanking',
    amount_paise: 1_000_000,
    gst_paise: 50_000,
    total_paise: 1_050_000,
    billing: { gstin: CUSTOMER, name: 'Rao & Sons Pvt Ltd', address: 'MG Road, Bengaluru' },
  });
  await invoiced('2026-05-20T06:30:00Z', {
    org_id: orgA,
    location_id: L1,
    member_name: 'Kiran Rao',
    method: 'cash',
    amount_paise: 100_000,
    gst_paise: 5_000,
    total_paise: 105_000,
  });
  await t.db
    .transaction()
    .execute((trx) =>
      issueCreditNoteIn(
        trx,
        { orgId: orgA, paymentId: first, refundId: randomUUID(), refundPaise: 52_500, at: new Date('2026-05-25T06:30:00Z') },
        metadataOf({ orgId: orgA, correlationId: randomUUID(), requestId: randomUUID() }),
      ),
    );
  // Not in May at this GSTIN: 1 June 00:30 in India (31 May in UTC), and the Karnataka GSTIN's invoice.
  await invoiced('2026-05-31T19:00:00Z', { org_id: orgA, location_id: L1, member_name: 'June Member', method: 'cash' });
  await invoiced('2026-05-15T06:30:00Z', { org_id: orgA, location_id: L2, member_name: 'Bengaluru Member', method: 'card' });
  await invoiced('2026-05-15T06:30:00Z', { org_id: orgB, location_id: LB, member_name: 'Other Gym Member', method: 'cash' }, ownerB);
  t.time.now = Date.parse('2026-06-10T06:30:00Z');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const MAY = 'startDate=2026-05-01&endDate=2026-05-31';

describe('GET /payments/tally/export', () => {
  it('round trip: the file parsed back has the GST report’s totals per ledger, balanced vouchers and the names as typed', async () => {
    const res = await call(owner, 'GET', `/payments/tally/export?gstin=${MH}&${MAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tally-${MH}-2026-05-01-2026-05-31.xml"`);
    const { doc, masters, ledgers, vouchers, report } = parse(res.body);
    expect(doc.ENVELOPE.HEADER.TALLYREQUEST).toBe('Import Data');
    expect(masters.REQUESTDESC.REPORTNAME).toBe('All Masters');
    expect(report).toBe('Vouchers');

    const byType = (type: string) => vouchers.filter((v) => v['@_VCHTYPE'] === type);
    expect(byType('Sales')).toHaveLength(3);
    expect(byType('Credit Note')).toHaveLength(1);
    expect(byType('Receipt')).toHaveLength(3);
    expect(vouchers.map((v) => v.DATE).every((d) => /^202605\d\d$/.test(d))).toBe(true);
    expect(vouchers.some((v) => v.PARTYLEDGERNAME === 'June Member' || v.PARTYLEDGERNAME === 'Bengaluru Member')).toBe(false);
    for (const v of vouchers) {
      expect(v['ALLLEDGERENTRIES.LIST'].reduce((a, e) => a + paise(e.AMOUNT), 0)).toBe(0);
      for (const e of v['ALLLEDGERENTRIES.LIST']) {
        expect(e.AMOUNT).toMatch(/^-?\d+\.\d\d$/);
        expect(e.ISDEEMEDPOSITIVE).toBe(paise(e.AMOUNT) < 0 ? 'Yes' : 'No');
      }
    }

    // The GST report of the same period, this GSTIN.
    const gst = (await call(owner, 'GET', `/payments/reports?${MAY}`)).json().data.gstSummary.filter((g: { gstin: string }) => g.gstin === MH);
    const total = (k: 'taxableValue' | 'cgst' | 'sgst' | 'igst') => Math.round(gst.reduce((a: number, g: Record<string, number>) => a + g[k]!, 0) * 100);
    expect(total('igst')).toBeGreaterThan(0);
    expect(total('cgst')).toBeGreaterThan(0);
    const tax = [...byType('Sales'), ...byType('Credit Note')];
    expect(creditOf(tax, 'Sales - Membership')).toBe(total('taxableValue'));
    expect(creditOf(tax, 'Output CGST')).toBe(total('cgst'));
    expect(creditOf(tax, 'Output SGST')).toBe(total('sgst'));
    expect(creditOf(tax, 'Output IGST')).toBe(total('igst'));
    // Receipts by payment method ledger: the money received.
    const receipts = byType('Receipt');
    expect(-creditOf(receipts, 'Bank - UPI')).toBe(210_000);
    expect(-creditOf(receipts, 'Bank - Transfer')).toBe(1_050_000);
    expect(-creditOf(receipts, 'Cash')).toBe(105_000);

    // Escaping survives: the name comes back as typed, and is escaped in the file.
    expect(res.body).toContain('A &amp; B &lt;x&gt;');
    expect(vouchers.filter((v) => v.PARTYLEDGERNAME === 'A & B <x>')).toHaveLength(3); // sale, receipt, credit note
    // Every ledger a voucher uses has its master; the business customer's carries its GSTIN.
    const names = new Set(ledgers.map((l) => l['@_NAME']));
    for (const v of vouchers) for (const e of v['ALLLEDGERENTRIES.LIST']) expect(names).toContain(e.LEDGERNAME);
    expect(ledgers.find((l) => l['@_NAME'] === `Rao & Sons Pvt Ltd (${CUSTOMER})`)).toMatchObject({ PARENT: 'Sundry Debtors', PARTYGSTIN: CUSTOMER });
    expect(ledgers.find((l) => l['@_NAME'] === 'Output IGST')).toMatchObject({ PARENT: 'Duties & Taxes', GSTDUTYHEAD: 'Integrated Tax' });
  });

  it('uses the ledger names the owner mapped', async () => {
    const put = await call(owner, 'PUT', '/payments/tally/ledgers', {
      ...(await call(owner, 'GET', '/payments/tally/ledgers')).json().data,
      sales: 'Gym Fees & Dues',
      methods: {
        cash: 'Petty Cash',
        upi: 'HDFC Bank',
        card: 'HDFC Bank',
        netbanking: 'HDFC Bank',
        cheque: 'HDFC Bank',
        razorpay: 'Razorpay',
        phonepe: 'PhonePe',
        paytm: 'Paytm',
      },
    });
    expect(put.statusCode).toBe(200);
    const { vouchers, ledgers } = parse((await call(owner, 'GET', `/payments/tally/export?gstin=${MH}&${MAY}`)).body);
    expect(creditOf(vouchers, 'Gym Fees & Dues')).toBe(1_200_000 + 100_000 - 50_000);
    expect(-creditOf(vouchers, 'HDFC Bank')).toBe(210_000 + 1_050_000);
    expect(ledgers.find((l) => l['@_NAME'] === 'Petty Cash')).toMatchObject({ PARENT: 'Cash-in-Hand' });
    expect(ledgers.find((l) => l['@_NAME'] === 'Sales - Membership')).toBeUndefined();
  });

  it('scoped: another gym’s GSTIN and a GSTIN of a location the admin does not manage are 404; an empty period has no vouchers', async () => {
    expect((await call(ownerB, 'GET', `/payments/tally/export?gstin=${MH}&${MAY}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/payments/tally/export?gstin=${OTHER}&${MAY}`)).statusCode).toBe(404);
    expect((await call(admin2, 'GET', `/payments/tally/export?gstin=${MH}&${MAY}`)).statusCode).toBe(404);
    const own = await call(admin2, 'GET', `/payments/tally/export?gstin=${KA}&${MAY}`);
    expect(own.statusCode).toBe(200);
    expect(parse(own.body).vouchers.map((v) => v.PARTYLEDGERNAME)).toEqual(['Bengaluru Member', 'Bengaluru Member']);
    const b = parse((await call(ownerB, 'GET', `/payments/tally/export?gstin=${OTHER}&${MAY}`)).body);
    expect(b.vouchers.map((v) => v.PARTYLEDGERNAME)).toEqual(['Other Gym Member', 'Other Gym Member']);
    const empty = await call(owner, 'GET', `/payments/tally/export?gstin=${MH}&startDate=2026-04-01&endDate=2026-04-30`);
    expect(empty.statusCode).toBe(200);
    expect(parse(empty.body)).toMatchObject({ vouchers: [], ledgers: [], report: 'Vouchers' });
  });

  it('trainer and member may not export (403); bad input is 400', async () => {
    expect((await call(trainer, 'GET', `/payments/tally/export?gstin=${MH}&${MAY}`)).statusCode).toBe(403);
    expect((await call(member, 'GET', `/payments/tally/export?gstin=${MH}&${MAY}`)).statusCode).toBe(403);
    for (const q of [
      `gstin=XYZ&${MAY}`,
      `gstin=27AAPFU0939F1ZA&${MAY}`, // wrong check character
      MAY,
      `gstin=${MH}&startDate=2026-05-31&endDate=2026-05-01`,
      `gstin=${MH}&startDate=2024-01-01&endDate=2026-05-01`,
      `gstin=${MH}&startDate=31-05-2026&endDate=2026-06-01`,
    ])
      expect((await call(owner, 'GET', `/payments/tally/export?${q}`)).statusCode, q).toBe(400);
  });
});

describe('GET/PUT /payments/tally/ledgers', () => {
  it('defaults per organization; the owner sets them, an admin reads them and may not set them; bad names are 400', async () => {
    const b = await call(ownerB, 'GET', '/payments/tally/ledgers');
    expect(b.statusCode).toBe(200);
    expect(b.json().data).toMatchObject({
      sales: 'Sales - Membership',
      cgst: 'Output CGST',
      sgst: 'Output SGST',
      igst: 'Output IGST',
      methods: { cash: 'Cash' },
    });
    const current = (await call(admin2, 'GET', '/payments/tally/ledgers')).json().data;
    expect(current.sales).toBe('Gym Fees & Dues'); // set by orgA's owner above; org B still has the default
    expect((await call(admin2, 'PUT', '/payments/tally/ledgers', current)).statusCode).toBe(403);
    expect((await call(trainer, 'GET', '/payments/tally/ledgers')).statusCode).toBe(403);
    expect((await call(member, 'GET', '/payments/tally/ledgers')).statusCode).toBe(403);
    for (const bad of [
      { ...current, sales: '  ' },
      { ...current, cgst: 'x'.repeat(101) },
      { ...current, methods: { cash: 'Cash' } },
      { ...current, igst: 'a\tb' },
    ])
      expect((await call(owner, 'PUT', '/payments/tally/ledgers', bad)).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/payments/tally/ledgers')).json().data).toEqual(current);
  });
});
