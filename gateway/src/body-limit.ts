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

/** How much of a refused body the edge reads and drops (after its 413) before it closes the connection instead. */
export const DRAIN_FACTOR = 16;

/**
 * Reads the request body (declared length or chunked) up to `limit` bytes and replaces the stream by what was read,
 * so the service gets it in one piece and the client's connection is left clean whatever the service answers:
 * 'ok', 'too-large', or 'broken' when the client sent a malformed body or went away (its problem, not a server error).
 *
 * A body over the limit is not destroyed: that would detach the request from its socket while the client is still
 * sending, and the connection would hang (neither read nor closed) after the 413. The rest is read and dropped, so
 * the client gets the 413 and may reuse the connection; past DRAIN_FACTOR times the limit the connection is closed.
 */
/** The bytes of each body read at the edge, so a request nothing was sent of can be sent again to another instance. */
const bodyBytes = new WeakMap<FastifyRequest, Buffer>();

/**
 * Makes the request's body readable again for a second attempt: true when there is none or it was read at the edge
 * (readBody), false when it is a stream that cannot be replayed.
 */
export const rewindBody = (req: FastifyRequest): boolean => {
  const bytes = bodyBytes.get(req);
  if (bytes) {
    req.body = Readable.from([bytes]);
    return true;
  }
  return !(req.body instanceof Readable);
};

export const readBody = (req: FastifyRequest, limit: number): Promise<'ok' | 'too-large' | 'broken'> =>
  new Promise((resolve) => {
    const body = req.body;
    if (!(body instanceof Readable)) return resolve('ok');
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onBroken);
      body.off('close', onBroken);
    };
    const onData = (chunk: Buffer | string) => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buf.length;
      if (size <= limit) return void chunks.push(buf);
      stop();
      chunks.length = 0;
      drop(body, limit * DRAIN_FACTOR - size);
      resolve('too-large');
    };
    const onEnd = () => {
      stop();
      const bytes = Buffer.concat(chunks);
      bodyBytes.set(req, bytes);
      req.body = Readable.from([bytes]);
      resolve('ok');
    };
    // A malformed chunk or a client gone mid-body: the stream errors or closes before its end.
    const onBroken = () => {
      stop();
      body.on('error', () => undefined);
      resolve('broken');
    };
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', onBroken);
    body.once('close', onBroken);
  });

/** Reads and drops the rest of a refused body; past `budget` more bytes, closes the connection. */
const drop = (body: Readable, budget: number) => {
  let left = budget;
  body.on('error', () => undefined);
  body.on('data', (chunk: Buffer | string) => {
    left -= chunk.length;
    if (left < 0) (body as Readable & { socket?: { destroy(): void } }).socket?.destroy();
  });
  body.resume();
};

export const bodyLimitText = (limit: number): string =>
  limit >= 1_048_576 ? `${Math.round((limit / 1_048_576) * 10) / 10} MB` : `${Math.round(limit / 1024)} KB`;

/**
 * The 413. The connection stays open: the rest of the body is read and dropped after the answer (by Node for a declared
 * length, by `readBody` for a counted one), so a client still uploading reads the 413 instead of a reset.
 */
export const tooLarge = (reply: FastifyReply, body: unknown) => reply.status(413).send(body);
