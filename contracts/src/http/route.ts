import { z } from 'zod';
import type { ApiScopeNeed } from '../api-scopes.ts';
import { Role } from '../enums.ts';
import { ErrorBody } from '../errors.ts';

interface RouteContractBase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  responses: Record<number, z.ZodType>;
  /** One short sentence for the API documentation: what the route does, as a developer reads it. */
  summary: string;
  /** Longer notes for the API documentation (limits, who answers, side effects), when the summary is not enough. */
  description?: string;
  /**
   * A write a read-only organization (free trial ended, no plan bought) may still make: signing out, changing one's
   * own password, choosing a plan, marking notifications read. Every other POST/PUT/PATCH/DELETE answers 402
   * TRIAL_ENDED and writes nothing. Reads (GET) are never refused for this reason.
   */
  allowReadOnly?: true;
  /**
   * A route a signed-in user whose account awaits the gym's approval (a trainer who registered with the join code)
   * may call: their own session, profile and password. Every other authenticated route answers 403 ACCOUNT_PENDING.
   */
  allowPending?: true;
  /**
   * A route a signed-in staff member who must still set up two-factor sign-in (the organization requires it for staff)
   * may call: their own session and the two-factor enrolment. Every other authenticated route answers 403
   * TWO_FACTOR_ENROLMENT_REQUIRED until they have enrolled and taken a fresh token (POST /auth/refresh).
   */
  allowEnrolment?: true;
  /**
   * The scope an API key needs to call this route (issue 29): `{ area: 'members', access: 'read' }`. Absent: API keys
   * are refused here (403). A key is checked against it by addRoute before anything is read, in place of `roles`; past
   * that it acts as an admin of its locations.
   */
  apiScope?: ApiScopeNeed;
}

/**
 * A route contract is data: the service registers its schemas from it, the frontend builds its client from it, the
 * API documentation and the standing guards (bad input, cross-organization, role matrix) read it.
 *
 * `auth: true` routes declare `roles`: the roles that may call the route with success. Any other role gets 403 (the
 * role check comes before any lookup, so the answer is the same for every id and tells nothing). A listed role may
 * still be refused by a rule of the route itself (a location it does not run, an admin adding an admin).
 * `auth: false` routes (the few a guest may call) declare no roles: anyone may call them, signed in or not.
 */
export type RouteContract = RouteContractBase & ({ auth: true; roles: readonly Role[] } | { auth: false; roles?: never });

/** Every role: for routes about the caller's own things (profile, session, notifications). */
export const ANY_ROLE: readonly Role[] = Role.options;

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
const hasNoNul = (s: string): boolean => !s.includes('\u0000');
/**
 * Control characters (C0 but NUL, DEL, C1): a bell, an ANSI escape or a line break in a name garbles what staff see,
 * logs and mail headers, and no keyboard field needs them. Multi-line text keeps tab, line feed and carriage return.
 */
const isControl = (code: number, multiline: boolean): boolean =>
  (code >= 0x01 && code <= 0x1f && !(multiline && (code === 0x09 || code === 0x0a || code === 0x0d))) || (code >= 0x7f && code <= 0x9f);
/**
 * The bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): invisible, they reorder
 * how the text after them is shown (a spoofed name, "Trojan source"). The marks U+200E/U+200F stay allowed.
 */
const isBidiControl = (code: number): boolean => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
const hasNo =
  (bad: (code: number) => boolean) =>
  (s: string): boolean => {
    for (let i = 0; i < s.length; i++) if (bad(s.charCodeAt(i))) return false;
    return true;
  };
const hasNoControl = hasNo((c) => isControl(c, false));
const hasNoControlMultiline = hasNo((c) => isControl(c, true));
const hasNoBidiControl = hasNo(isBidiControl);

export interface TextOptions {
  /** Text of several lines (a message): tab, line feed and carriage return are allowed. */
  multiline?: boolean;
}

/**
 * The base of every text field a request carries (body or query), passwords included: a string without U+0000,
 * control characters (but tab and line breaks in multi-line text) or bidirectional override and isolate characters,
 * with messages that name the field. Chain the usual checks on it: `Text('First name').trim().min(1, …).max(50, …)`.
 */
export const Text = (label = 'This field', { multiline = false }: TextOptions = {}) =>
  z
    .string({ message: `${label} is required` })
    .refine(hasNoNul, `${label} must not contain the NUL character (U+0000)`)
    .refine(
      multiline ? hasNoControlMultiline : hasNoControl,
      multiline
        ? `${label} must not contain control characters other than tabs and line breaks`
        : `${label} must not contain control characters such as tabs or line breaks`,
    )
    .refine(hasNoBidiControl, `${label} must not contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)`);

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
  .refine(
    (v) => v >= isoDayFromToday({ years: -MEMBERSHIP_START_WINDOW.yearsBack }),
    `Start date cannot be more than ${MEMBERSHIP_START_WINDOW.yearsBack} years ago`,
  )
  .refine(
    (v) => v <= isoDayFromToday({ years: MEMBERSHIP_START_WINDOW.yearsAhead }),
    `Start date cannot be more than ${MEMBERSHIP_START_WINDOW.yearsAhead} year ahead`,
  );

/**
 * A calendar date within a window around today (a day of slack for time zones ahead of UTC): measurements, certificate
 * dates. Outside it a date is a typo (year 9999, year 0), not a record.
 */
export const DateWithin = (label: string, example: string, { yearsBack, yearsAhead = 0 }: { yearsBack: number; yearsAhead?: number }) =>
  z.iso
    .date({ error: `${label} must be a date such as ${example}` })
    .refine((v) => v >= isoDayFromToday({ years: -yearsBack }), `${label} cannot be more than ${yearsBack} years ago`)
    .refine(
      (v) => v <= isoDayFromToday({ years: yearsAhead, days: 1 }),
      yearsAhead === 0 ? `${label} cannot be in the future` : `${label} cannot be more than ${yearsAhead} years ahead`,
    );

/** An instant within a window around now: a booked session is at most a day in the past and a year ahead. */
export const InstantWithin = (label: string, { daysBack, yearsAhead }: { daysBack: number; yearsAhead: number }) =>
  z.iso
    .datetime({ offset: true, error: `Choose a date and time` })
    .refine((v) => Date.parse(v) >= Date.now() - daysBack * 86_400_000, `${label} cannot be more than ${daysBack} day(s) in the past`)
    .refine((v) => Date.parse(v) <= Date.now() + yearsAhead * 366 * 86_400_000, `${label} cannot be more than ${yearsAhead} year ahead`);
