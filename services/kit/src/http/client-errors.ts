import type { ErrorBody } from '@akhada/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { problemBody } from './error-handler.ts';

/*
 * Rejections that happen before a route runs — Node's HTTP parser (headers too large, a request that is not HTTP) and
 * Fastify's router (a broken %-escape, a path parameter too long) — answered with the same error body as everything
 * else: success:false, a message that says what is wrong, a code, and a request id.
 */

/** Fastify's `frameworkErrors`: router-level rejections through the one error body. */
export const frameworkErrorHandler = (error: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
  const send = (status: number, code: ErrorBody['code'], message: string) => {
    void reply
      .status(status)
      .header('x-request-id', req.id)
      .send(problemBody(req.id, code, message));
  };
  if (error.code === 'FST_ERR_BAD_URL') return send(400, 'BAD_REQUEST', 'The URL is not valid: it has a broken %-escape');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(414, 'URI_TOO_LONG', 'A value in the URL is too long');
  req.log.error({ err: error }, 'framework error');
  return send(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
};

const clientErrorAnswer = (err: NodeJS.ErrnoException): { status: number; code: ErrorBody['code']; message: string } => {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' };
    case 'HPE_URI_TOO_LONG':
      return { status: 414, code: 'URI_TOO_LONG', message: 'The URL is too long' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'BAD_REQUEST', message: 'The request took too long to arrive' };
    default:
      return { status: 400, code: 'BAD_REQUEST', message: 'The request is not valid HTTP' };
  }
};

/** Fastify's `clientErrorHandler` (Node's `clientError`): there is no request object, so the answer is written raw. */
export function clientErrorHandler(this: { log?: { debug(o: object, m: string): void } }, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = clientErrorAnswer(err);
  const requestId = randomUUID();
  this?.log?.debug({ err: { code: err.code, message: err.message }, requestId }, 'client error');
  const body = JSON.stringify(problemBody(requestId, code, message));
  // Mid-response on a kept-alive socket, raw bytes would corrupt the answer in flight: just close.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
  // A peer that never reads must not hold the socket open.
  setTimeout(() => socket.destroy(), 5_000).unref();
}
