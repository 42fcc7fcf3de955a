import { problemBody } from '@akhada/kit';

/**
 * Seconds a client is told to wait (Retry-After) before it tries a service that is down again: a crashed service is
 * started again within seconds (the stack's supervisor locally, the container's restart policy in production).
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** What sendUnavailable needs of a Fastify reply (any server type: the proxy's replies are typed for HTTP/2 too). */
interface Reply<R> {
  request: { id: string };
  status(statusCode: number): R;
  header(key: string, value: string): R;
  send(payload: unknown): R;
}

/** The gateway's one answer for a service it cannot reach: 503, Retry-After, and the standard error body. */
export const sendUnavailable = <R extends Reply<R>>(reply: R, message: string): R =>
  reply
    .status(503)
    .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
    .send(problemBody(reply.request.id, 'SERVICE_UNAVAILABLE', message));
