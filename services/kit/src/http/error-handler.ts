import type { ErrorBody } from '@akhada/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { ResponseContractError } from './response-serializer.ts';

const STATUS_CODES: Record<number, ErrorBody['code']> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

/** Seconds a client is told to wait after a 429 that did not say (a rate limiter's own answer carries its window). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

const humanPath = (path: string) => path.replace(/^\//, '').replace(/\//g, '.');

/** The one error body (contracts' ErrorBody), built in one place for the services and the gateway. */
export const problemBody = (
  requestId: string,
  code: ErrorBody['code'],
  message: string,
  extra: { error?: string; details?: ErrorBody['details'] } = {},
): ErrorBody => ({
  success: false,
  message,
  error: extra.error ?? message,
  code,
  requestId,
  ...(extra.details && extra.details.length ? { details: extra.details } : {}),
});

/** PostgreSQL codes that mean the request carried a value the database cannot take (a backstop behind the contracts). */
const PG_BAD_VALUE: Record<string, string> = {
  '22P02': 'A value in the request is not valid',
  '22007': 'A date or time in the request is not valid',
  '22008': 'A date or time in the request is out of range',
  '22003': 'A number in the request is out of range',
  '22001': 'A text in the request is too long',
  // U+0000 in text or jsonb: the contracts refuse it, this catches any field that slipped through.
  '22021': 'Text in the request contains a character that cannot be stored (such as U+0000)',
  '22P05': 'Text in the request contains a character that cannot be stored (such as U+0000)',
};

const bodyLimitText = (bytes: number | undefined) => (bytes ? `${Math.round((bytes / 1_048_576) * 10) / 10} MB` : 'the limit');

/** One mapping from any thrown error to the one error body. Never leaks stacks or SQL. */
export const errorHandler = (err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
  const body = (code: ErrorBody['code'], message: string, details?: ErrorBody['details']): ErrorBody => problemBody(request.id, code, message, { details });
  const send = (status: number, code: ErrorBody['code'], message: string, details?: ErrorBody['details']) => {
    if (status === 429 && !reply.hasHeader('retry-after')) {
      const after = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      reply.header('retry-after', String(typeof after === 'number' && after > 0 ? Math.ceil(after) : DEFAULT_RETRY_AFTER_SECONDS));
    }
    return reply.status(status).send(body(code, message, details));
  };

  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = err.validation.map((v) => ({
      path: humanPath(v.instancePath) || String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? ''),
      message: v.message ?? 'Invalid value',
    }));
    const first = details[0];
    const where = err.validationContext === 'querystring' ? 'query' : err.validationContext;
    const message = first ? (first.path ? `${first.message} (${where}: ${first.path})` : first.message) : 'Invalid request';
    return send(400, 'VALIDATION_FAILED', message, details);
  }
  if (err instanceof AppError) return send(err.status, err.code, err.message, err.details);
  if (err instanceof ResponseContractError) {
    // Only raised when replies are checked (tests): loud, so the test that caused it sees the route and the fields.
    request.log.error({ err, route: err.route, status: err.status, issues: err.issues }, err.message);
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again.'));
  }
  const pgCode = (err as { code?: unknown }).code;
  // The client broke its body off or went away mid-request: its problem, not a server error (and no one reads this).
  if ((pgCode === 'ECONNRESET' || pgCode === 'ERR_STREAM_PREMATURE_CLOSE') && (request.raw.destroyed || err.message === 'aborted')) {
    request.log.debug({ err }, 'client went away');
    return send(400, 'BAD_REQUEST', 'The request was broken off before it was complete');
  }
  if (pgCode === '23505') return send(409, 'CONFLICT', 'That record already exists');
  if (typeof pgCode === 'string' && PG_BAD_VALUE[pgCode]) return send(400, 'VALIDATION_FAILED', PG_BAD_VALUE[pgCode]);
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const fst = (err as FastifyError).code;
    const message =
      status === 413
        ? `The request body is too large (at most ${bodyLimitText(request.routeOptions.bodyLimit)})`
        : status === 415
          ? 'Send the request body as JSON (Content-Type: application/json)'
          : fst === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty: send a JSON object, or no Content-Type'
            : fst === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError'
              ? 'The request body is not valid JSON'
              : err.message;
    return send(status, STATUS_CODES[status] ?? 'VALIDATION_FAILED', message);
  }
  request.log.error({ err }, 'unhandled error');
  return send(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
};
