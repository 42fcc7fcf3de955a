import type { Invoice } from '@akhada/contracts';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { stateName } from '../domain/tax/states.ts';
import { indianFigures, rupeesInHindiWords } from '../domain/tax/words.ts';

/**
 * The invoice PDF (pdfkit): a one-page A4 tax invoice / bill of supply / credit note with the legal fields of CGST
 * rule 46 (supplier, GSTIN, number and date, recipient, place of supply, SAC/HSN, taxable value, rates and amounts,
 * total in figures and words). Bilingual (English + Hindi labels) when asked.
 *
 * Fonts come from the npm package @fontsource/noto-sans-devanagari (WOFF, read by pdfkit's fontkit, which shapes
 * Devanagari: conjuncts and matras). Its files are split by script, so text is drawn in runs: Devanagari (with spaces,
 * ₹ and the danda) in the Devanagari subset, everything else in the Latin subset of the same family.
 */
const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('@fontsource/noto-sans-devanagari/package.json')), 'files');
const font = (subset: 'latin' | 'devanagari', weight: 400 | 700) => join(FONT_DIR, `noto-sans-devanagari-${subset}-${weight}-normal.woff`);

type Face = 'regular' | 'bold';
// A run: Devanagari letters (with spaces, ₹, ZWJ/ZWNJ between them), at least one letter or ₹.
const DEV_CHAR = '(?:[\\u0900-\\u097F\\u20B9 ]|\\u200C|\\u200D)';
const DEVANAGARI = new RegExp(`(${DEV_CHAR}*[\\u0900-\\u097F\\u20B9]${DEV_CHAR}*)`, 'u');

const TITLES = {
  tax_invoice: { en: 'TAX INVOICE', hi: 'कर बीजक' },
  bill_of_supply: { en: 'BILL OF SUPPLY', hi: 'आपूर्ति का बिल' },
  credit_note: { en: 'CREDIT NOTE', hi: 'क्रेडिट नोट' },
  // A gym without GST settings: a plain receipt of the money received, never a tax document.
  receipt: { en: 'RECEIPT', hi: 'रसीद' },
} as const;

const L = {
  supplier: ['Supplier', 'आपूर्तिकर्ता'],
  billTo: ['Bill to', 'प्राप्तकर्ता'],
  number: ['Invoice No.', 'बीजक संख्या'],
  cnNumber: ['Credit Note No.', 'क्रेडिट नोट संख्या'],
  billNumber: ['Bill No.', 'बिल संख्या'],
  receiptNumber: ['Receipt No.', 'रसीद संख्या'],
  receivedFrom: ['Received from', 'प्राप्त किया'],
  date: ['Date', 'दिनांक'],
  original: ['Against Invoice', 'मूल बीजक'],
  pos: ['Place of Supply', 'आपूर्ति का स्थान'],
  reverse: ['Reverse Charge', 'रिवर्स चार्ज'],
  gstin: ['GSTIN', 'जीएसटीआईएन'],
  state: ['State', 'राज्य'],
  member: ['Member ID', 'सदस्य आईडी'],
  description: ['Description', 'विवरण'],
  sac: ['SAC/HSN', 'एसएसी/एचएसएन'],
  qty: ['Qty', 'मात्रा'],
  taxable: ['Taxable Value', 'कर योग्य मूल्य'],
  referralCredit: ['Referral credit', 'रेफ़रल क्रेडिट'],
  cgst: ['CGST', 'केंद्रीय कर'],
  sgst: ['SGST', 'राज्य कर'],
  igst: ['IGST', 'एकीकृत कर'],
  amount: ['Amount', 'राशि'],
  total: ['Total', 'कुल'],
  totalTax: ['Total Tax', 'कुल कर'],
  grand: ['Total Amount', 'कुल देय राशि'],
  words: ['Amount in words', 'राशि शब्दों में'],
  rate: ['Rate', 'दर'],
  taxableShort: ['Taxable', 'कर योग्य'],
  tax: ['Tax', 'कर'],
  rateSummary: ['Tax by rate', 'दर अनुसार कर'],
  signatory: ['Authorised Signatory', 'अधिकृत हस्ताक्षरकर्ता'],
} as const;

export interface PdfOptions {
  hindi: boolean;
  /** The location's own name, under the legal name. */
  locationName?: string;
}

const fmt = (rupees: number) => indianFigures(Math.round(rupees * 100));
const pct = (rate: number) => `${Number(rate.toFixed(2))}%`;
const dmy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

export const renderInvoicePdf = (inv: Invoice, o: PdfOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 36, info: { Title: `${TITLES[inv.kind].en} ${inv.number}`, Author: inv.supplier.legalName } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('lat-regular', font('latin', 400));
    doc.registerFont('lat-bold', font('latin', 700));
    doc.registerFont('dev-regular', font('devanagari', 400));
    doc.registerFont('dev-bold', font('devanagari', 700));

    const hi = o.hindi;
    const W = doc.page.width;
    const M = 36;
    const IW = W - 2 * M;
    const INK = '#1f2328';
    const MUTED = '#57606a';
    const RULE = '#8c959f';
    const SHADE = '#eef1f4';

    const runsOf = (s: string) => s.split(DEVANAGARI).filter((r) => r !== '');
    const isDev = (r: string) => /[\u0900-\u097F\u20B9]/u.test(r);
    const widthOf = (s: string, size: number, face: Face = 'regular') =>
      runsOf(s).reduce(
        (w, r) =>
          w +
          doc
            .font(`${isDev(r) ? 'dev' : 'lat'}-${face}`)
            .fontSize(size)
            .widthOfString(r),
        0,
      );
    /** One line of text (Latin and Devanagari runs), at x (or aligned in [x, x + width]). */
    const line = (
      s: string,
      x: number,
      y: number,
      opt: { size?: number; face?: Face; color?: string; width?: number; align?: 'left' | 'right' | 'center' } = {},
    ) => {
      const size = opt.size ?? 9;
      const face = opt.face ?? 'regular';
      const w = widthOf(s, size, face);
      let cx = x;
      if (opt.width !== undefined && opt.align === 'right') cx = x + opt.width - w;
      if (opt.width !== undefined && opt.align === 'center') cx = x + (opt.width - w) / 2;
      doc.fillColor(opt.color ?? INK);
      for (const r of runsOf(s)) {
        doc.font(`${isDev(r) ? 'dev' : 'lat'}-${face}`).fontSize(size);
        doc.text(r, cx, y, { lineBreak: false });
        cx += doc.widthOfString(r);
      }
    };
    /** Wrapped Latin text in a box; returns the height used. */
    const para = (s: string, x: number, y: number, width: number, opt: { size?: number; face?: Face; color?: string } = {}) => {
      doc
        .font(`lat-${opt.face ?? 'regular'}`)
        .fontSize(opt.size ?? 9)
        .fillColor(opt.color ?? INK);
      doc.text(s, x, y, { width });
      return doc.heightOfString(s, { width });
    };
    const label = (k: keyof typeof L) => (hi ? `${L[k][0]} / ${L[k][1]}` : L[k][0]);
    const hline = (y: number, x1 = M, x2 = W - M, color = RULE) => doc.moveTo(x1, y).lineTo(x2, y).lineWidth(0.6).strokeColor(color).stroke();

    // ── title ──
    let y = M;
    const title = TITLES[inv.kind];
    line(title.en, M, y, { size: 16, face: 'bold', width: IW, align: 'center' });
    y += 22;
    if (hi) {
      line(title.hi, M, y, { size: 13, face: 'bold', width: IW, align: 'center' });
      y += 20;
    }
    line('Original for Recipient', M, y, { size: 7.5, color: MUTED, width: IW, align: 'right' });
    y += 12;

    // ── supplier (left) and document facts (right) ──
    const boxTop = y;
    doc.rect(M, boxTop, IW, 1).fill(INK);
    y += 8;
    const half = IW / 2;
    const lx = M + 8;
    const rx = M + half + 8;
    let ly = y;
    line(label('supplier'), lx, ly, { size: 7.5, color: MUTED });
    ly += 12;
    line(inv.supplier.legalName, lx, ly, { size: 12, face: 'bold' });
    ly += 17;
    if (o.locationName && o.locationName !== inv.supplier.legalName) {
      line(o.locationName, lx, ly, { size: 8.5, color: MUTED });
      ly += 12;
    }
    ly += para(inv.supplier.address, lx, ly, half - 20, { size: 8.5 }) + 3;
    if (inv.supplier.gstin) {
      line(`${label('gstin')}: `, lx, ly, { size: 8.5, color: MUTED });
      line(inv.supplier.gstin, lx + widthOf(`${label('gstin')}: `, 8.5), ly, { size: 8.5, face: 'bold' });
      ly += 12;
    }
    if (inv.supplier.stateCode) {
      line(`${label('state')}: ${stateName(inv.supplier.stateCode)} (${inv.supplier.stateCode})`, lx, ly, { size: 8.5 });
      ly += 12;
    }

    const receipt = inv.kind === 'receipt';
    const numberLabel = inv.kind === 'credit_note' ? 'cnNumber' : inv.kind === 'bill_of_supply' ? 'billNumber' : receipt ? 'receiptNumber' : 'number';
    const facts: [string, string][] = [
      [label(numberLabel), inv.number],
      [label('date'), dmy(inv.issueDate)],
      ...(inv.originalInvoice ? ([[label('original'), inv.originalInvoice.number]] as [string, string][]) : []),
      ...(receipt ? [] : ([[label('pos'), `${inv.placeOfSupply.stateName} (${inv.placeOfSupply.stateCode})`]] as [string, string][])),
      ...(inv.kind !== 'bill_of_supply' && !receipt ? ([[label('reverse'), 'No']] as [string, string][]) : []),
    ];
    let ry = y;
    for (const [k, v] of facts) {
      line(k, rx, ry, { size: 7.5, color: MUTED });
      line(v, rx, ry + 10, { size: 10, face: 'bold' });
      ry += 26;
    }
    y = Math.max(ly, ry) + 6;
    doc
      .moveTo(M + half, boxTop + 1)
      .lineTo(M + half, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    hline(y);

    // ── recipient ──
    y += 8;
    line(label(receipt ? 'receivedFrom' : 'billTo'), lx, y, { size: 7.5, color: MUTED });
    y += 12;
    line(inv.recipient.name, lx, y, { size: 11, face: 'bold' });
    y += 15;
    if (inv.recipient.address) y += para(inv.recipient.address, lx, y, IW - 20, { size: 8.5 }) + 2;
    if (inv.recipient.gstin) {
      line(`${label('gstin')}: ${inv.recipient.gstin}`, lx, y, { size: 8.5 });
      y += 12;
    }
    y += 4;
    hline(y);

    // ── lines ──
    y += 10;
    const intra = inv.cgstAmount > 0 || inv.sgstAmount > 0;
    const inter = inv.igstAmount > 0;
    const taxed = inv.kind !== 'bill_of_supply' && !receipt && (intra || inter || inv.lines.some((l) => l.gstRate > 0));
    const showIntra = taxed && (intra || !inter);
    type Col = { key: string; head: keyof typeof L | '#'; w: number; align: 'left' | 'right' | 'center' };
    const cols: Col[] = [
      { key: 'n', head: '#', w: 18, align: 'center' },
      { key: 'd', head: 'description', w: 0, align: 'left' },
      ...(receipt
        ? ([{ key: 'q', head: 'qty', w: 30, align: 'right' }] as Col[])
        : ([
            { key: 's', head: 'sac', w: 58, align: 'center' },
            { key: 'q', head: 'qty', w: 30, align: 'right' },
            { key: 't', head: 'taxable', w: 72, align: 'right' },
          ] as Col[])),
      ...(showIntra
        ? ([
            { key: 'c', head: 'cgst', w: 62, align: 'right' },
            { key: 'g', head: 'sgst', w: 62, align: 'right' },
          ] as Col[])
        : taxed
          ? ([{ key: 'i', head: 'igst', w: 80, align: 'right' }] as Col[])
          : []),
      { key: 'a', head: 'amount', w: 76, align: 'right' },
    ];
    const fixed = cols.reduce((a, c) => a + c.w, 0);
    cols[1]!.w = IW - fixed;
    const xs: number[] = [];
    cols.reduce((x, c) => (xs.push(x), x + c.w), M);
    const headH = hi ? 30 : 18;
    doc.rect(M, y, IW, headH).fill(SHADE);
    cols.forEach((c, i) => {
      const x = xs[i]! + 4;
      const w = c.w - 8;
      if (c.head === '#') return line('#', x, y + 5, { size: 8, face: 'bold', width: w, align: c.align });
      line(L[c.head][0], x, y + 4, { size: 8, face: 'bold', width: w, align: c.align });
      if (hi) line(L[c.head][1], x, y + 15, { size: 7.5, color: MUTED, width: w, align: c.align });
    });
    y += headH + 4;
    inv.lines.forEach((l, i) => {
      const descH = doc
        .font('lat-regular')
        .fontSize(8.5)
        .heightOfString(l.description, { width: cols[1]!.w - 8 });
      const cells: Record<string, string[]> = {
        n: [String(i + 1)],
        s: [l.sacOrHsn],
        q: [String(l.quantity)],
        t: [fmt(l.taxableValue)],
        c: [fmt(l.cgst), `@ ${pct(l.gstRate / 2)}`],
        g: [fmt(l.sgst), `@ ${pct(l.gstRate / 2)}`],
        i: [fmt(l.igst), `@ ${pct(l.gstRate)}`],
        a: [fmt(l.total)],
      };
      cols.forEach((c, j) => {
        const x = xs[j]! + 4;
        const w = c.w - 8;
        if (c.key === 'd') return void para(l.description, x, y, w, { size: 8.5 });
        const [main, sub] = cells[c.key] ?? [''];
        line(main ?? '', x, y, { size: 8.5, width: w, align: c.align });
        if (sub) line(sub, x, y + 11, { size: 7, color: MUTED, width: w, align: c.align });
      });
      y += Math.max(descH, 22) + 6;
      hline(y - 3, M, W - M, SHADE);
    });
    hline(y);

    // ── totals (and, with more than one rate, the tax summary per rate on the left) ──
    y += 8;
    const tx = M + IW - 250;
    const rates = [...new Set(inv.lines.map((l) => l.gstRate))].sort((a, b) => a - b);
    let sy = y;
    if (taxed && rates.length > 1) {
      const sw = tx - M - 24;
      const heads = [label('rate'), label('taxableShort'), label('tax')];
      const cw = [sw * 0.22, sw * 0.39, sw * 0.39];
      const cx = [M, M + cw[0]!, M + cw[0]! + cw[1]!];
      line(label('rateSummary'), M, sy, { size: 7.5, color: MUTED });
      sy += 11;
      heads.forEach((h, i) => line(h, cx[i]!, sy, { size: 7, face: 'bold', width: cw[i]! - 4, align: i ? 'right' : 'left' }));
      sy += 11;
      for (const r of rates) {
        const of = inv.lines.filter((l) => l.gstRate === r);
        const taxable = of.reduce((a, l) => a + l.taxableValue, 0);
        const tax = of.reduce((a, l) => a + l.cgst + l.sgst + l.igst, 0);
        [pct(r), fmt(taxable), fmt(tax)].forEach((v, i) => line(v, cx[i]!, sy, { size: 7.5, width: cw[i]! - 4, align: i ? 'right' : 'left' }));
        sy += 11;
      }
    }
    const totals: [string, string][] = [
      // A referral credit came off before tax, like a discount: the value before it, the credit, then the taxable value.
      ...(inv.referralCredit
        ? ([
            [label('amount'), fmt((receipt ? inv.totalAmount : inv.taxableValue) + inv.referralCredit)],
            [label('referralCredit'), `− ${fmt(inv.referralCredit)}`],
          ] as [string, string][])
        : []),
      ...(receipt ? [] : ([[label('taxable'), fmt(inv.taxableValue)]] as [string, string][])),
      ...(showIntra
        ? ([
            [`${label('cgst')}`, fmt(inv.cgstAmount)],
            [`${label('sgst')}`, fmt(inv.sgstAmount)],
          ] as [string, string][])
        : taxed
          ? ([[`${label('igst')}`, fmt(inv.igstAmount)]] as [string, string][])
          : []),
      ...(taxed ? ([[label('totalTax'), fmt(inv.totalTax)]] as [string, string][]) : []),
    ];
    for (const [k, v] of totals) {
      line(k, tx, y, { size: 8.5, color: MUTED });
      line(v, tx, y, { size: 8.5, width: 250, align: 'right' });
      y += 14;
    }
    doc.rect(tx - 6, y - 2, 256, 22).fill(SHADE);
    line(label('grand'), tx, y + 3, { size: 10, face: 'bold' });
    line(`₹ ${fmt(inv.totalAmount)}`, tx, y + 3, { size: 10, face: 'bold', width: 244, align: 'right' });
    y = Math.max(y + 30, sy + 8);

    line(label('words'), M, y, { size: 7.5, color: MUTED });
    y += 11;
    y += para(inv.amountInWords, M, y, IW, { size: 9, face: 'bold' }) + 2;
    if (hi) {
      // Devanagari is drawn in its own font runs (para() is Latin only); the words of any invoice fit on one line.
      line(rupeesInHindiWords(Math.round(inv.totalAmount * 100)), M, y, { size: 9, face: 'bold' });
      y += 14;
    }
    y += 6;
    hline(y);
    y += 10;

    // ── notes and signature ──
    const notes: string[] = [];
    if (inv.kind === 'bill_of_supply') notes.push('The supplier is not registered under GST; no tax is charged on this bill of supply.');
    if (receipt) notes.push('Payment received with thanks. This is a receipt, not a tax invoice: no GST is charged.');
    if (inv.kind === 'credit_note' && inv.originalInvoice)
      notes.push(`This credit note reduces the value and tax of invoice ${inv.originalInvoice.number}; the refund is made to the original payment method.`);
    if (taxed)
      notes.push(`Tax charged at the rate in force on the invoice date. Supply ${showIntra ? 'within the state (CGST + SGST)' : 'to another state (IGST)'}.`);
    notes.push('This is a computer-generated document.');
    for (const n of notes) y += para(n, M, y, IW * 0.6, { size: 7.5, color: MUTED }) + 2;

    const signY = Math.max(y + 10, doc.y + 10);
    line(`For ${inv.supplier.legalName}`, M + IW - 220, signY, { size: 8.5, face: 'bold', width: 220, align: 'right' });
    hline(signY + 42, M + IW - 160, M + IW);
    line(label('signatory'), M + IW - 220, signY + 46, { size: 7.5, color: MUTED, width: 220, align: 'right' });
    doc.end();
  });
