import { z } from 'zod';

/**
 * GSTIN check: 15 characters (2-digit state code, PAN, entity number, 'Z' by default, check character). The check
 * character is the GSTN's base-36 Luhn mod N: each of the first 14 characters' value (0-9, A-Z = 10-35) times a factor
 * alternating 1, 2 from the left; the product's quotient and remainder by 36 are added; check = (36 - sum % 36) % 36.
 * Here (not only in payments) so forms check it before sending.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const gstinCheckCharacter = (first14: string): string => {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36] ?? '0';
};

export const isValidGstin = (gstin: string): boolean => GSTIN_SHAPE.test(gstin) && gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];

/** The state a GSTIN is registered in (its first two digits). */
export const gstinState = (gstin: string): string => gstin.slice(0, 2);

/** A customer's GSTIN as typed (spaces trimmed, upper-cased), checked for shape, state code and check character. */
export const CustomerGstin = z
  .string()
  .trim()
  .toUpperCase()
  .regex(GSTIN_SHAPE, 'Enter a 15-character GSTIN, e.g. 27AAPFU0939F1ZV')
  .refine((g) => {
    const state = Number(g.slice(0, 2));
    return (state >= 1 && state <= 38) || state === 97 || state === 99;
  }, 'The GSTIN does not start with a state code')
  .refine(isValidGstin, 'This GSTIN is not valid (its check character does not match)');
