import type { ErrorBody } from '@akhada/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

const STATUS_CODES: Record<number, ErrorBody['code']> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

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

/** One mapping from any thrown error to the one error body. Never leaks stacks or SQL. */
export const errorHandler = (err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
  const body = (code: ErrorBody['code'], message: string, details?: ErrorBody['details']): ErrorBody => problemBody(request.id, code, message, { details });

  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = err.validation.map((v) => ({
      path: humanPath(v.instancePath) || String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? ''),
      message: v.message ?? 'Invalid value',
    }));
    const first = details[0];
    const where = err.validationContext === 'querystring' ? 'query' : err.validationContext;
    const message = first ? (first.path ? `${first.message} (${where}: ${first.path})` : first.message) : 'Invalid request';
    return reply.status(400).send(body('VALIDATION_FAILED', message, details));
  }
  if (err instanceof AppError) {
    return reply.status(err.status).send(body(err.code, err.message, err.details));
  }
  const pgCode = (err as { code?: unknown }).code;
  if (pgCode === '23505') return reply.status(409).send(body('CONFLICT', 'That record already exists'));
  if (pgCode === '22P02' || pgCode === '22007' || pgCode === '22008')
    return reply.status(400).send(body('VALIDATION_FAILED', 'A value in the request is not valid'));
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const message =
      status === 413
        ? 'The request is too large'
        : status === 415
          ? 'Send the request body as JSON'
          : (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError'
            ? 'The request body is not valid JSON'
            : err.message;
    return reply.status(status).send(body(STATUS_CODES[status] ?? 'VALIDATION_FAILED', message));
  }
  request.log.error({ err }, 'unhandled error');
  return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again.'));
};
