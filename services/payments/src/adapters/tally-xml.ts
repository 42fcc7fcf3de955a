import { XMLBuilder } from 'fast-xml-parser';
import { tallyAmount, tallyDate, type TallyLedgerMaster, type TallyVoucher } from '../domain/tally/vouchers.ts';

/**
 * Tally's XML import file (issue 29): one ENVELOPE, HEADER/TALLYREQUEST "Import Data", and in its BODY two IMPORTDATA
 * parts — "All Masters" with the LEDGER masters, then "Vouchers". Text and attributes are escaped by fast-xml-parser's
 * builder (a member named `A & B <x>` arrives as typed).
 */
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: false });

const ledgerMessage = (m: TallyLedgerMaster) => ({
  LEDGER: {
    '@_NAME': m.name,
    '@_ACTION': 'Create',
    'NAME.LIST': { NAME: m.name },
    PARENT: m.parent,
    ISBILLWISEON: m.parent === 'Sundry Debtors' ? 'Yes' : 'No',
    ...(m.taxHead ? { TAXTYPE: 'GST', GSTDUTYHEAD: m.taxHead } : {}),
    ...(m.gstin ? { GSTREGISTRATIONTYPE: 'Regular', PARTYGSTIN: m.gstin } : {}),
  },
});

const voucherMessage = (v: TallyVoucher) => ({
  VOUCHER: {
    '@_VCHTYPE': v.type,
    '@_ACTION': 'Create',
    DATE: tallyDate(v.date),
    VOUCHERTYPENAME: v.type,
    VOUCHERNUMBER: v.number,
    PARTYLEDGERNAME: v.party,
    NARRATION: v.narration,
    'ALLLEDGERENTRIES.LIST': v.entries.map((e) => ({
      LEDGERNAME: e.ledger,
      ISDEEMEDPOSITIVE: e.paise < 0 ? 'Yes' : 'No',
      AMOUNT: tallyAmount(e.paise),
    })),
  },
});

const importData = (reportName: string, messages: object[]) => ({
  REQUESTDESC: { REPORTNAME: reportName },
  REQUESTDATA: { TALLYMESSAGE: messages.map((m) => ({ '@_xmlns:UDF': 'TallyUDF', ...m })) },
});

export const renderTallyXml = (masters: readonly TallyLedgerMaster[], vouchers: readonly TallyVoucher[]): string =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  builder.build({
    ENVELOPE: {
      HEADER: { TALLYREQUEST: 'Import Data' },
      BODY: { IMPORTDATA: [importData('All Masters', masters.map(ledgerMessage)), importData('Vouchers', vouchers.map(voucherMessage))] },
    },
  });
