import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';

/**
 * The gateway enforces the body limit itself, before anything reaches a service: a declared Content-Length above the
 * limit is refused at once, and any body is counted while it is read (then sent on in one piece). A service never gets
 * a body larger than it accepts, so it never closes a connection mid-upload (which the proxy used to report as "service
 * not available", leaving the client's connection stuck on the unread rest of its body).
 */
export const declaredTooLarge = (req: FastifyRequest, limit: number): boolean => {
  const declared = req.headers['content-length'];
  return declared !== undefined && Number(declared) > limit;
};

/**
 * Reads the request body (declared length or chunked) up to `limit` bytes and replaces the stream by what was read,
 * so the service gets it in one piece and the client's connection is left clean whatever the service answers:
 * 'ok', 'too-large', or 'broken' when the client sent a malformed body or went away (its problem, not a server error).
 */
export const readBody = async (req: FastifyRequest, limit: number): Promise<'ok' | 'too-large' | 'broken'> => {
  const body = req.body;
  if (!(body instanceof Readable)) return 'ok';
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += buf.length;
      if (size > limit) return 'too-large';
      chunks.push(buf);
    }
  } catch {
    return 'broken';
  }
  req.body = Readable.from([Buffer.concat(chunks)]);
  return 'ok';
};

export const bodyLimitText = (limit: number): string => (limit >= 1_048_576 ? `${Math.round((limit / 1_048_576) * 10) / 10} MB` : `${Math.round(limit / 1024)} KB`);

/**
 * The 413. The connection stays open: Node reads and drops the rest of the body after the answer, so a client still
 * uploading reads the 413 instead of a reset.
 */
export const tooLarge = (reply: FastifyReply, body: unknown) => reply.status(413).send(body);
