import { z } from 'zod';
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
