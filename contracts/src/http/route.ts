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
