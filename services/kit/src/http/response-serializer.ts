import { z } from 'zod';

/**
 * Every route registers its contract's `responses` as Fastify response schemas, and this compiler turns each into the
 * reply's serializer:
 *
 * - with `check` on (tests: NODE_ENV=test, so unit, integration and browser tests) the reply is first held to its
 *   zod schema — every declared field present and valid, and no field the contract does not declare — and one that
 *   breaks it fails the request with a 500 and an error-level log line naming the route, the status and the fields;
 * - then it is written with JSON.stringify. Measured on Node 24 (V8's fast JSON path) JSON.stringify is 5–20% faster
 *   than fast-json-stringify for our replies (a 20-member list: 17.4 µs against 19.4 µs), so production pays nothing
 *   for the contract; since the tests refuse undeclared fields, what they pass is exactly the contract's shape.
 */

/** A reply that does not match its contract (only thrown when replies are checked). */
export class ResponseContractError extends Error {
  readonly statusCode = 500;
  readonly code = 'RESPONSE_BREAKS_CONTRACT';
  constructor(
    readonly route: string,
    readonly status: number | string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(`The ${status} reply of ${route} breaks its contract: ${issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ')}`);
    this.name = 'ResponseContractError';
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** Paths of fields the reply carries but its parsed form (zod drops what the schema does not declare) does not. */
export const undeclaredFields = (sent: unknown, declared: unknown, path = ''): string[] => {
  if (Array.isArray(sent) && Array.isArray(declared)) return sent.flatMap((item, i) => undeclaredFields(item, declared[i], path ? `${path}.${i}` : String(i)));
  if (!isPlainObject(sent) || !isPlainObject(declared)) return [];
  return Object.keys(sent).flatMap((key) => {
    if (sent[key] === undefined) return [];
    const at = path ? `${path}.${key}` : key;
    return key in declared ? undeclaredFields(sent[key], declared[key], at) : [at];
  });
};

const issuePath = (path: PropertyKey[]) => path.map(String).join('.');

const stringify = (data: unknown): string => JSON.stringify(data);

/**
 * Fastify's serializer compiler for routes whose response schemas are zod schemas (addRoute registers a contract's
 * `responses`). Anything else is sent with JSON.stringify.
 */
export const createResponseSerializer =
  ({ check }: { check: boolean }) =>
  ({ schema, method, url, httpStatus }: { schema: unknown; method: string; url: string; httpStatus?: string }) => {
    if (!check || !(schema instanceof z.ZodType)) return stringify;
    const route = `${method} ${url}`;
    const status = httpStatus ?? '?';
    return (data: unknown) => {
      const result = z.safeEncode(schema, data as never);
      if (!result.success) {
        throw new ResponseContractError(
          route,
          status,
          result.error.issues.slice(0, 5).map((i) => ({ path: issuePath(i.path), message: i.message })),
        );
      }
      const extra = undeclaredFields(data, result.data);
      if (extra.length)
        throw new ResponseContractError(
          route,
          status,
          extra.slice(0, 5).map((path) => ({ path, message: 'not declared by the contract' })),
        );
      return stringify(data);
    };
  };
