/**
 * Document numbers (CGST rule 46(b) and 53: consecutive, unique for a financial year, at most 16 characters of letters,
 * digits, '-' and '/'). Each GSTIN (an unregistered location: the location) has one series per financial year for
 * invoices and bills of supply, and a separate series for credit notes:
 *   invoice      PUN/26-27/000123   prefix / FY / serial (zero-padded to fill 16 characters)
 *   credit note  PUN/CN26/0000012   prefix / CN + FY start / serial
 */
export const MAX_NUMBER_LENGTH = 16;
const ALLOWED = /^[A-Za-z0-9/-]{1,16}$/;

export const documentNumber = (kind: 'invoice' | 'credit_note', prefix: string, financialYear: string, serial: number): string => {
  if (!Number.isInteger(serial) || serial < 1) throw new Error('serial must be ≥ 1');
  const startYear = financialYear.slice(2, 4);
  const endYear = financialYear.slice(5, 7);
  const head = kind === 'invoice' ? `${prefix}/${startYear}-${endYear}/` : `${prefix}/CN${startYear}/`;
  const width = Math.max(1, MAX_NUMBER_LENGTH - head.length);
  const number = head + String(serial).padStart(width, '0');
  if (!ALLOWED.test(number)) throw new Error(`document number ${number} would exceed ${MAX_NUMBER_LENGTH} characters`);
  return number;
};

export const isValidDocumentNumber = (n: string): boolean => ALLOWED.test(n);
