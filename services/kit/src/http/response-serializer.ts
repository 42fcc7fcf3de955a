import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Replies are serialized from their contract (the route's `responses`), by fast-json-stringify from the zod schema's
 * JSON Schema: faster than JSON.stringify, and only the declared fields leave the service. With `check` on (tests,
 * NODE_ENV=test) every reply is also parsed by its zod schema first, and one that does not match fails the request
 * with a 500 and an error-level log line naming the route, the status and the fields — so a test sees it at once.
 */

type JsonSchema = Record<string, unknown>;

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

const isNullSchema = (s: unknown): boolean => !!s && typeof s === 'object' && (s as JsonSchema).type === 'null';

/**
 * zod writes `x.nullable()` as `anyOf: [X, { type: 'null' }]`, which fast-json-stringify resolves per value with a
 * validator. Folding it into `type: [X.type, 'null']` keeps the same output without validating on every reply.
 */
const foldNullable = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(foldNullable);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node as JsonSchema)) out[k] = foldNullable(v);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNullSchema)) {
    const other = anyOf.find((s) => !isNullSchema(s)) as JsonSchema | undefined;
    if (other && typeof other.type === 'string' && other.const === undefined && other.enum === undefined) {
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
};

/** The JSON Schema fast-json-stringify compiles for a zod response schema (its output side). */
export const responseJsonSchema = (schema: z.ZodType): JsonSchema => {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return foldNullable(json) as JsonSchema;
};

const issuePath = (path: PropertyKey[]) => path.map(String).join('.');

/**
 * Fastify's serializer compiler for routes whose response schemas are zod schemas (addRoute registers a contract's
 * `responses`). Anything else is sent with JSON.stringify.
 */
export const createResponseSerializer =
  ({ check }: { check: boolean }) =>
  ({ schema, method, url, httpStatus }: { schema: unknown; method: string; url: string; httpStatus?: string }) => {
    if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
    const stringify = fastJson(responseJsonSchema(schema));
    if (!check) return stringify;
    return (data: unknown) => {
      const result = z.safeEncode(schema, data as never);
      if (!result.success) {
        throw new ResponseContractError(
          `${method} ${url}`,
          httpStatus ?? '?',
          result.error.issues.slice(0, 5).map((i) => ({ path: issuePath(i.path), message: i.message })),
        );
      }
      return stringify(data);
    };
  };
