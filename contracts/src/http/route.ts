import { z } from 'zod';
import { ErrorBody } from '../errors.ts';

/** A route contract is data: the service registers its schemas from it, the frontend builds its client from it. */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  responses: Record<number, z.ZodType>;
  /** false for the few routes a guest may call. */
  auth: boolean;
  /** One line for the API documentation (OpenAPI `summary`). */
  summary?: string;
  /** Longer text for the API documentation (OpenAPI `description`, Markdown). */
  description?: string;
}
export const route = <T extends RouteContract>(r: T): T => r;

/** `{ success: true, data }` as the spec's responses have it. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data, message: z.string().optional() });
export const okMessage = z.object({ success: z.literal(true), message: z.string() });

export const Pagination = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  totalPages: z.number().int().min(0),
});
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const IdParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
export const Problem = ErrorBody;

/** Dates cross the wire as ISO-8601 strings in UTC. */
export const IsoDateTime = z.iso.datetime({ offset: true });
export const IsoDate = z.iso.date();

/** U+0000: PostgreSQL cannot store it in text or jsonb, and no person types it. */
const NO_NUL = /^[^\u0000]*$/;

/**
 * The base of every text field a request carries (body or query): a string without U+0000, with messages that name
 * the field. Chain the usual checks on it: `Text('First name').trim().min(1, …).max(50, …)`.
 */
export const Text = (label = 'This field') =>
  z.string({ message: `${label} is required` }).regex(NO_NUL, `${label} must not contain the NUL character (U+0000)`);

/** `YYYY-MM-DD` of today (UTC) moved by whole years and days; contracts' date windows are computed when parsing. */
const isoDayFromToday = ({ years = 0, days = 0 }: { years?: number; days?: number }): string => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** A date of birth: on or after 1 January 1900 and not in the future (a day of slack for time zones ahead of UTC). */
export const BirthDate = z.iso
  .date({ error: 'Date of birth must be a date such as 1990-04-21' })
  .refine((v) => v >= '1900-01-01', 'Date of birth must be on or after 1900-01-01')
  .refine((v) => v <= isoDayFromToday({ days: 1 }), 'Date of birth cannot be in the future');

/** How far from today a membership may start: back-dated entries of existing members, or booked ahead. */
export const MEMBERSHIP_START_WINDOW = { yearsBack: 5, yearsAhead: 1 } as const;
/** The first day of a membership: within MEMBERSHIP_START_WINDOW of today. */
export const MembershipStartDate = z.iso
  .date({ error: 'Start date must be a date such as 2026-04-01' })
  .refine((v) => v >= isoDayFromToday({ years: -MEMBERSHIP_START_WINDOW.yearsBack }), `Start date cannot be more than ${MEMBERSHIP_START_WINDOW.yearsBack} years ago`)
  .refine((v) => v <= isoDayFromToday({ years: MEMBERSHIP_START_WINDOW.yearsAhead }), `Start date cannot be more than ${MEMBERSHIP_START_WINDOW.yearsAhead} year ahead`);
