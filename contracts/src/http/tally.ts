import { z } from 'zod';
import { PaymentMethod } from '../enums.ts';
import { CustomerGstin } from '../gstin.ts';
import { DateWithin, ok, Problem, route, Text } from './route.ts';

/**
 * Tally export (issue 29): the accountant's books in Tally's XML import format, served by the payments service.
 *
 * - Per GSTIN and date range (the invoices' issue dates, the receipts' payment dates, in the location's calendar):
 *   the ledger masters the vouchers need, a Sales voucher per tax invoice (party, sales, CGST/SGST/IGST ledgers), a
 *   Credit Note voucher per credit note and a Receipt voucher per invoiced payment into its payment method's ledger.
 * - The ledger names are mapped once per organization (Settings → Tally): GET for staff, PUT for the owner. Until set,
 *   the defaults below.
 * - Owner and admin export the GSTINs of the locations they manage; another GSTIN (another gym's, or a location the
 *   admin does not manage) is 404.
 */

const LedgerName = Text('Ledger name').trim().min(1, 'Ledger name is required').max(100, 'Ledger name must be at most 100 characters');

export const TallyLedgers = z.object({
  sales: LedgerName,
  cgst: LedgerName,
  sgst: LedgerName,
  igst: LedgerName,
  roundOff: LedgerName,
  /** One ledger per payment method (cash-in-hand for cash, a bank or wallet ledger for the others). */
  methods: z.object(Object.fromEntries(PaymentMethod.options.map((m) => [m, LedgerName])) as Record<z.infer<typeof PaymentMethod>, typeof LedgerName>),
});
export type TallyLedgers = z.infer<typeof TallyLedgers>;

export const DEFAULT_TALLY_LEDGERS: TallyLedgers = {
  sales: 'Sales - Membership',
  cgst: 'Output CGST',
  sgst: 'Output SGST',
  igst: 'Output IGST',
  roundOff: 'Round Off',
  methods: {
    cash: 'Cash',
    upi: 'Bank - UPI',
    card: 'Bank - Card',
    netbanking: 'Bank - Transfer',
    cheque: 'Bank - Cheque',
    razorpay: 'Razorpay',
    phonepe: 'PhonePe',
    paytm: 'Paytm',
  },
};

export const TallyExportQuery = z
  .object({
    gstin: CustomerGstin,
    startDate: DateWithin('Start date', '2026-11-01', { yearsBack: 10, yearsAhead: 1 }),
    endDate: DateWithin('End date', '2026-11-30', { yearsBack: 10, yearsAhead: 1 }),
  })
  .refine((q) => q.endDate >= q.startDate, { message: 'End date must be on or after the start date', path: ['endDate'] })
  .refine((q) => q.endDate <= addOneYear(q.startDate), { message: 'Export at most one year at a time', path: ['endDate'] });
export type TallyExportQuery = z.infer<typeof TallyExportQuery>;

const addOneYear = (isoDate: string): string => `${Number(isoDate.slice(0, 4)) + 1}${isoDate.slice(4)}`;

export const tallyRoutes = {
  ledgers: route({
    method: 'GET',
    path: '/payments/tally/ledgers',
    responses: { 200: ok(TallyLedgers), 401: Problem, 403: Problem },
    auth: true,
    roles: ['owner', 'admin'],
    summary: "The organization's Tally ledger names (sales, GST output ledgers, round off, one per payment method).",
  }),
  putLedgers: route({
    method: 'PUT',
    path: '/payments/tally/ledgers',
    body: TallyLedgers,
    responses: { 200: ok(TallyLedgers), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: ['owner'],
    summary: "Sets the organization's Tally ledger names (owner only).",
  }),
  export: route({
    method: 'GET',
    path: '/payments/tally/export',
    query: TallyExportQuery,
    responses: { 200: z.string(), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ['owner', 'admin'],
    summary: 'A GSTIN’s invoices, credit notes and receipts over a date range as a Tally XML import file.',
    description:
      'application/xml; charset=utf-8, attachment; filename="tally-<gstin>-<start>-<end>.xml". One ENVELOPE with two IMPORTDATA parts: "All Masters" (the LEDGER masters) and "Vouchers" (Sales, Credit Note, Receipt). Amounts in rupees with two decimals, debits negative (ISDEEMEDPOSITIVE Yes); dates YYYYMMDD in the location’s calendar.',
  }),
};
