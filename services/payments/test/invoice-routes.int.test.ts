import { startSmtpSink, type SmtpSink } from '@akhada/infra/standins';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceMailer } from '../src/adapters/invoice-mailer.ts';
import { bootInvoices, gstinCheckCharacter } from './setup.ts';

const orgA = randomUUID();
const orgB = randomUUID();
const L1 = randomUUID(); // Pune, registered (Maharashtra)
const L2 = randomUUID(); // Bengaluru, registered (Karnataka)
const L3 = randomUUID(); // unregistered
const L4 = randomUUID(); // no settings
const LB = randomUUID(); // another gym's
const MH = '27AAPFU0939F1ZV';
const KA = `29AAPFU0939F1Z${gstinCheckCharacter('29AAPFU0939F1Z')}`;
const memberA = randomUUID();
const memberB = randomUUID();

let t: Awaited<ReturnType<typeof bootInvoices>>;
let sink: SmtpSink;
let owner: string, admin2: string, memberTokA: string, memberTokB: string, ownerB: string, trainer: string;

const loc = (locationId: string, o: Record<string, unknown> = {}) => ({
  locationId,
  gstRegistered: true,
  gstin: MH,
  stateCode: '27',
  legalName: 'Akhada Fitness Private Limited',
  address: 'Plot 14, Baner Road, Pune 411045',
  invoicePrefix: 'PUN',
  ...o,
});
const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload !== undefined && { payload: payload as object }) });

beforeAll(async () => {
  sink = await startSmtpSink({ smtpPort: 0, httpPort: 0 });
  t = await bootInvoices('payments_invroutes', { mailer: createInvoiceMailer({ host: '127.0.0.1', port: sink.smtpPort }) });
  await t.org(orgA, [L1, L2, L3, L4]);
  await t.org(orgB, [LB]);
  owner = await t.sign(orgA, 'owner', [L1, L2, L3, L4]);
  admin2 = await t.sign(orgA, 'admin', [L2]);
  trainer = await t.sign(orgA, 'trainer', [L1]);
  memberTokA = await t.sign(orgA, 'member', [L1], memberA);
  memberTokB = await t.sign(orgA, 'member', [L1], memberB);
  ownerB = await t.sign(orgB, 'owner', [LB]);
  await t.member({ id: memberA, org_id: orgA, location_id: L1, email: 'priya@example.in', locale: 'hi' });
  await t.member({ id: memberB, org_id: orgA, location_id: L1, first_name: 'Rahul', last_name: 'Mehta', email: '' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

describe('GET/PUT /payments/tax-settings', () => {
  it('owner: defaults, then sets GSTINs per location; admin reads its own locations; admin and member may not write', async () => {
    const before = await call(owner, 'GET', '/payments/tax-settings');
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({ sacCode: '999723', hindiInvoices: false });
    expect(before.json().data.locations).toHaveLength(4);
    const put = await call(owner, 'PUT', '/payments/tax-settings', {
      sacCode: '999723',
      hindiInvoices: false,
      locations: [
        loc(L1),
        loc(L2, { gstin: KA, stateCode: '29', invoicePrefix: 'BLR', address: 'Indiranagar, Bengaluru' }),
        loc(L3, { gstRegistered: false, gstin: null, invoicePrefix: 'KOR' }),
      ],
    });
    expect(put.statusCode).toBe(200);
    const byId = Object.fromEntries(put.json().data.locations.map((l: { locationId: string }) => [l.locationId, l]));
    expect(byId[L1]).toMatchObject({ gstRegistered: true, gstin: MH, stateCode: '27', invoicePrefix: 'PUN' });
    expect(byId[L3]).toMatchObject({ gstRegistered: false, gstin: null });
    const adminRead = await call(admin2, 'GET', '/payments/tax-settings');
    expect(adminRead.statusCode).toBe(200);
    expect(adminRead.json().data.locations.map((l: { locationId: string }) => l.locationId)).toEqual([L2]);
    expect((await call(admin2, 'PUT', '/payments/tax-settings', { locations: [] })).statusCode).toBe(403);
    expect((await call(memberTokA, 'GET', '/payments/tax-settings')).statusCode).toBe(403);
  });

  it('refuses a GSTIN with a wrong check character, a GSTIN of another state, a second prefix for one GSTIN — changing nothing', async () => {
    const bad = await call(owner, 'PUT', '/payments/tax-settings', { locations: [loc(L1, { gstin: '27AAPFU0939F1ZW' })] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/check character/);
    const state = await call(owner, 'PUT', '/payments/tax-settings', { locations: [loc(L1, { gstin: KA })] });
    expect(state.statusCode).toBe(400);
    expect(state.json().message).toMatch(/state code/);
    const prefix = await call(owner, 'PUT', '/payments/tax-settings', { locations: [loc(L4, { invoicePrefix: 'XYZ' })] });
    expect(prefix.statusCode).toBe(400);
    expect(prefix.json().message).toMatch(/PUN/);
    expect((await call(owner, 'PUT', '/payments/tax-settings', { locations: [loc(L1, { invoicePrefix: 'TOOLONG' })] })).statusCode).toBe(400);
    const after = await call(owner, 'GET', '/payments/tax-settings');
    expect(after.json().data.locations.find((l: { locationId: string }) => l.locationId === L1)).toMatchObject({ gstin: MH, invoicePrefix: 'PUN' });
    expect(after.json().data.locations.find((l: { locationId: string }) => l.locationId === L4)).toMatchObject({ gstRegistered: false, invoicePrefix: '' });
  });

  it("another gym's location is 404, scoped by the token's organization", async () => {
    expect((await call(owner, 'PUT', '/payments/tax-settings', { locations: [loc(LB)] })).statusCode).toBe(404);
    const b = await call(ownerB, 'GET', '/payments/tax-settings');
    expect(b.json().data.locations.map((l: { locationId: string }) => l.locationId)).toEqual([LB]);
  });
});

describe('POST /payments/invoices', () => {
  it('issues a tax invoice with CGST + SGST at the invoice date’s rate, and the same one again', async () => {
    const paymentId = await t.payment({ org_id: orgA, location_id: L1, member_id: memberA, amount_paise: 200_000, gst_paise: 10_000, total_paise: 210_000 });
    const res = await call(owner, 'POST', '/payments/invoices', { paymentId });
    expect(res.statusCode).toBe(201);
    const inv = res.json().data;
    expect(inv).toMatchObject({
      kind: 'tax_invoice',
      number: 'PUN/26-27/000001',
      issueDate: '2026-05-10',
      financialYear: '2026-27',
      supplier: { gstin: MH, stateCode: '27' },
      placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
      taxableValue: 2000,
      cgstAmount: 50,
      sgstAmount: 50,
      igstAmount: 0,
      totalAmount: 2100,
      language: 'en_hi', // the member prefers Hindi
      amountInWords: 'Rupees Two Thousand One Hundred Only',
    });
    expect(inv.lines[0]).toMatchObject({ sacOrHsn: '999723', gstRate: 5 });
    const again = await call(owner, 'POST', '/payments/invoices', { paymentId });
    expect(again.statusCode).toBe(201);
    expect(again.json().data._id).toBe(inv._id);
  });

  it('a payment before 22 Sep 2025 invoiced on that date is at 18%; Karnataka has its own series', async () => {
    t.time.now = Date.parse('2025-09-21T10:00:00Z');
    const paymentId = await t.payment({
      org_id: orgA,
      location_id: L2,
      amount_paise: 100_000,
      gst_paise: 18_000,
      total_paise: 118_000,
      member_name: 'Kiran Rao',
    });
    const inv = (await call(owner, 'POST', '/payments/invoices', { paymentId })).json().data;
    t.time.now = Date.parse('2026-05-10T06:30:00Z');
    expect(inv).toMatchObject({ number: 'BLR/25-26/000001', taxableValue: 1000, cgstAmount: 90, sgstAmount: 90, totalAmount: 1180 });
    expect(inv.lines[0].gstRate).toBe(18);
  });

  it('an unregistered location issues a bill of supply without tax', async () => {
    const paymentId = await t.payment({ org_id: orgA, location_id: L3, amount_paise: 150_000, gst_paise: 0, total_paise: 150_000 });
    const inv = (await call(owner, 'POST', '/payments/invoices', { paymentId })).json().data;
    expect(inv).toMatchObject({ kind: 'bill_of_supply', number: 'KOR/26-27/000001', totalTax: 0, totalAmount: 1500, supplier: { gstin: null } });
  });

  it('refuses: pending payment 409, trainer payout 400, bad id 400, another gym’s payment 404, outside the admin’s locations 404, member 403', async () => {
    const pending = await t.payment({ org_id: orgA, location_id: L1, status: 'pending', paid_at: null });
    expect((await call(owner, 'POST', '/payments/invoices', { paymentId: pending })).json()).toMatchObject({ code: 'PAYMENT_NOT_COMPLETED' });
    const unset = await t.payment({ org_id: orgA, location_id: L4 });
    // no GST settings: a receipt, not a refusal (issue 31: a plain receipt is still due)
    const u = await call(owner, 'POST', '/payments/invoices', { paymentId: unset });
    expect(u.statusCode, u.body).toBe(201);
    expect(u.json().data).toMatchObject({ kind: 'receipt', totalTax: 0 });
    const salary = await t.payment({ org_id: orgA, location_id: L1, category: 'trainer', type: 'salary' });
    expect((await call(owner, 'POST', '/payments/invoices', { paymentId: salary })).statusCode).toBe(400);
    expect((await call(owner, 'POST', '/payments/invoices', { paymentId: 'nope' })).statusCode).toBe(400);
    expect((await call(owner, 'POST', '/payments/invoices', {})).statusCode).toBe(400);
    const other = await t.payment({ org_id: orgB, location_id: LB });
    expect((await call(owner, 'POST', '/payments/invoices', { paymentId: other })).statusCode).toBe(404);
    const atL1 = await t.payment({ org_id: orgA, location_id: L1 });
    expect((await call(admin2, 'POST', '/payments/invoices', { paymentId: atL1 })).statusCode).toBe(404);
    expect((await call(memberTokA, 'POST', '/payments/invoices', { paymentId: atL1 })).statusCode).toBe(403);
    expect((await call(trainer, 'POST', '/payments/invoices', { paymentId: atL1 })).statusCode).toBe(403);
    const n = await t.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('payment_id', 'in', [pending, salary, other, atL1])
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });
});

describe('reading invoices', () => {
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    mine = (
      await call(owner, 'POST', '/payments/invoices', {
        paymentId: await t.payment({ org_id: orgA, location_id: L1, member_id: memberA, member_name: 'Priya Deshpande' }),
      })
    ).json().data._id;
    theirs = (
      await call(owner, 'POST', '/payments/invoices', {
        paymentId: await t.payment({ org_id: orgA, location_id: L1, member_id: memberB, member_name: 'Rahul Mehta' }),
      })
    ).json().data._id;
  });

  it('lists newest first with search by number and name, and paging', async () => {
    const all = await call(owner, 'GET', '/payments/invoices?limit=100');
    expect(all.statusCode).toBe(200);
    expect(all.json().totalCount).toBe(all.json().data.length);
    expect(all.json().data[0]._id).toBe(theirs);
    const byName = (await call(owner, 'GET', '/payments/invoices?search=rahul')).json();
    expect(byName.data.map((i: { _id: string }) => i._id)).toEqual([theirs]);
    const byNumber = (await call(owner, 'GET', '/payments/invoices?search=BLR%2F25')).json();
    expect(byNumber.data.map((i: { number: string }) => i.number)).toEqual(['BLR/25-26/000001']);
    const page2 = (await call(owner, 'GET', '/payments/invoices?limit=2&page=2')).json();
    expect(page2.data).toHaveLength(2);
    expect(page2.pagination).toMatchObject({ page: 2, limit: 2, totalPages: Math.ceil(all.json().totalCount / 2) });
    expect((await call(owner, 'GET', '/payments/invoices?kind=bill_of_supply')).json().data.map((i: { number: string }) => i.number)).toEqual([
      'KOR/26-27/000001',
    ]);
    expect((await call(owner, 'GET', '/payments/invoices?limit=0')).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/payments/invoices?kind=quotation')).statusCode).toBe(400);
  });

  it('a member sees only their own; an admin only their locations; another gym nothing', async () => {
    const m = (await call(memberTokA, 'GET', '/payments/invoices?limit=100')).json();
    expect(m.data.length).toBeGreaterThan(0);
    expect(m.data.every((i: { recipient: { memberId: string } }) => i.recipient.memberId === memberA)).toBe(true);
    // asking for someone else's member id changes nothing for a member
    expect(
      (await call(memberTokA, 'GET', `/payments/invoices?memberId=${memberB}`))
        .json()
        .data.every((i: { recipient: { memberId: string } }) => i.recipient.memberId === memberA),
    ).toBe(true);
    expect((await call(memberTokB, 'GET', '/payments/invoices')).json().data.map((i: { _id: string }) => i._id)).toEqual([theirs]);
    const a = (await call(admin2, 'GET', '/payments/invoices?limit=100')).json();
    expect(a.data.map((i: { number: string }) => i.number)).toEqual(['BLR/25-26/000001']);
    expect((await call(ownerB, 'GET', '/payments/invoices')).json().totalCount).toBe(0);
    expect((await call(trainer, 'GET', '/payments/invoices')).statusCode).toBe(403);
  });

  it('GET /payments/invoices/{id}: own 200, another member’s 404, another gym 404, bad id 400', async () => {
    expect((await call(owner, 'GET', `/payments/invoices/${mine}`)).json().data._id).toBe(mine);
    expect((await call(memberTokA, 'GET', `/payments/invoices/${mine}`)).statusCode).toBe(200);
    expect((await call(memberTokA, 'GET', `/payments/invoices/${theirs}`)).statusCode).toBe(404);
    expect((await call(ownerB, 'GET', `/payments/invoices/${mine}`)).statusCode).toBe(404);
    expect((await call(admin2, 'GET', `/payments/invoices/${mine}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/payments/invoices/not-an-id')).statusCode).toBe(400);
  });

  it('download: a PDF named by the number; member own only; another gym 404', async () => {
    const res = await call(owner, 'GET', `/payments/invoices/${mine}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const number = (await call(owner, 'GET', `/payments/invoices/${mine}`)).json().data.number as string;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${number.replace(/\//g, '-')}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // INVOICE_PDF_OUT=<dir> keeps the downloaded PDFs for looking at (pdftoppm -png -r 80)
    if (process.env.INVOICE_PDF_OUT) {
      writeFileSync(join(process.env.INVOICE_PDF_OUT, 'invoice-en.pdf'), (await call(owner, 'GET', `/payments/invoices/${mine}/download?lang=en`)).rawPayload);
      writeFileSync(join(process.env.INVOICE_PDF_OUT, 'invoice-hi.pdf'), (await call(owner, 'GET', `/payments/invoices/${mine}/download?lang=hi`)).rawPayload);
    }
    const hi = await call(memberTokA, 'GET', `/payments/invoices/${mine}/download?lang=hi`);
    expect(hi.statusCode).toBe(200);
    expect(hi.rawPayload.length).toBeGreaterThan(res.rawPayload.length / 2);
    expect((await call(memberTokA, 'GET', `/payments/invoices/${theirs}/download`)).statusCode).toBe(404);
    expect((await call(ownerB, 'GET', `/payments/invoices/${mine}/download`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/payments/invoices/${mine}/download?lang=fr`)).statusCode).toBe(400);
  });

  it('send: emails the PDF to the member (or the address given) through SMTP; no address 400; another gym 404; member 403', async () => {
    const before = t.sent.length;
    const res = await call(owner, 'POST', `/payments/invoices/${mine}/send`, {});
    expect(res.statusCode).toBe(200);
    const mail = t.sent[before]!;
    expect(mail.to).toBe('priya@example.in');
    expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sink.messages().some((m) => m.to.includes('priya@example.in') && m.subject.startsWith('Tax Invoice PUN/26-27/'))).toBe(true);
    expect((await call(owner, 'GET', `/payments/invoices/${mine}`)).json().data.sentAt).not.toBeNull();
    const noEmail = await call(owner, 'POST', `/payments/invoices/${theirs}/send`, {});
    expect(noEmail.statusCode).toBe(400);
    expect((await call(owner, 'POST', `/payments/invoices/${theirs}/send`, { email: 'rahul@example.in' })).statusCode).toBe(200);
    expect(t.sent.at(-1)!.to).toBe('rahul@example.in');
    expect((await call(owner, 'POST', `/payments/invoices/${theirs}/send`, { email: 'not an email' })).statusCode).toBe(400);
    expect((await call(ownerB, 'POST', `/payments/invoices/${mine}/send`, {})).statusCode).toBe(404);
    expect((await call(memberTokA, 'POST', `/payments/invoices/${mine}/send`, {})).statusCode).toBe(403);
    expect(t.sent.length).toBe(before + 2);
  });
});
