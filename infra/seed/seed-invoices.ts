// The demo chain's GST settings, through the product's public API (the owner's tax settings screen): one GSTIN per
// state (Pune in Maharashtra, Bengaluru in Karnataka, the same PAN), each with its own invoice series, so the
// demo's completed member payments get tax invoices with CGST + SGST.
const GST = {
  sacCode: '999723',
  hindiInvoices: false,
  pune: { gstin: '27AAKCA1234F1Z0', stateCode: '27', address: 'Survey 12, Baner Road, Baner, Pune, Maharashtra 411045', invoicePrefix: 'PUN' },
  blr: { gstin: '29AAKCA1234F1ZW', stateCode: '29', address: '100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038', invoicePrefix: 'BLR' },
};

/** PUT /payments/tax-settings as the owner; retried while payments has not yet learnt of the new locations (404). */
export async function seedTaxSettings(
  base: string,
  token: string,
  o: { pune: string; blr: string; legalName: string; log: (s: string) => void },
): Promise<void> {
  const body = {
    sacCode: GST.sacCode,
    hindiInvoices: GST.hindiInvoices,
    locations: [
      { locationId: o.pune, gstRegistered: true, legalName: o.legalName, ...GST.pune },
      { locationId: o.blr, gstRegistered: true, legalName: o.legalName, ...GST.blr },
    ],
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${base}/api/payments/tax-settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (res.ok) return o.log('[seed] GST settings: Pune 27…, Bengaluru 29…');
    if (res.status !== 404 || Date.now() > deadline) throw new Error(`seed: tax settings answered ${res.status}: ${await res.text()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
