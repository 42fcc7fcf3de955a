import { z } from 'zod';

/** The one error body every service and the gateway answer with. */
export const ErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Stable machine codes; the message is for people, the code is for programs. */
export const ErrorCode = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'SESSION_REVOKED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'CONCURRENCY_CONFLICT',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'UNKNOWN_GYM_CODE',
  'INVALID_RESET_TOKEN',
  'WRONG_PASSWORD',
  'LOCATION_NOT_ALLOWED',
  'TRIAL_EXPIRED',
  'PLAN_LIMIT_REACHED',
  /** 409: the plan's member or trainer allowance is used up. */
  'PLAN_LIMIT',
  /** 402: the free trial ended and no plan was bought: the organization is read-only. */
  'TRIAL_ENDED',
  'SERVICE_UNAVAILABLE',
  /** 413: the body is larger than the edge and the services accept. */
  'PAYLOAD_TOO_LARGE',
  /** 414: the URL or one of its parameters is too long. */
  'URI_TOO_LONG',
  /** 431: the request's headers are too large. */
  'HEADERS_TOO_LARGE',
  /** 400 before any route: a request that is not valid HTTP, or a URL with a broken %-escape. */
  'BAD_REQUEST',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;
