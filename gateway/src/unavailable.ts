import { problemBody } from '@akhada/kit';
import type { FastifyReply } from 'fastify';

/**
 * Seconds a client is told to wait (Retry-After) before it tries a service that is down again: a crashed service is
 * started again within seconds (the stack's supervisor locally, the container's restart policy in production).
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The gateway's one answer for a service it cannot reach: 503, Retry-After, and the standard error body. */
export const sendUnavailable = (reply: FastifyReply, message: string): FastifyReply =>
  reply
    .status(503)
    .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
    .send(problemBody(reply.request.id, 'SERVICE_UNAVAILABLE', message));
