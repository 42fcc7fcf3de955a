import type { PlanId } from '@akhada/contracts';
import type { FastifyRequest } from 'fastify';

/** Who a proxied request is, as the edge's token check found it (undefined: no valid token). */
export interface EdgeCaller {
  userId: string;
  orgId: string;
  /** Set when the credential was an API key (issue 29): its id (also `userId`); limited per key, not per user. */
  keyId?: string;
  /** An API key's organization's plan, as auth answered it: it sets the key's requests per minute. */
  plan?: PlanId;
}
const callers = new WeakMap<FastifyRequest, EdgeCaller>();
export const setEdgeCaller = (req: FastifyRequest, caller: EdgeCaller): void => {
  callers.set(req, caller);
};
export const edgeCallerOf = (req: FastifyRequest): EdgeCaller | undefined => callers.get(req);

/** The client's address, or "unknown" when its socket is already gone (a broken chunked body, a reset). Never throws. */
export const clientAddress = (req: Pick<FastifyRequest, 'ip'> & { raw: { socket?: { remoteAddress?: string } | null } }): string => {
  try {
    const ip = req.ip;
    if (typeof ip === 'string' && ip) return ip.toLowerCase();
  } catch {
    /* the socket was destroyed under us */
  }
  try {
    const ip = req.raw.socket?.remoteAddress;
    if (typeof ip === 'string' && ip) return ip.toLowerCase();
  } catch {
    /* nothing better */
  }
  return 'unknown';
};

/**
 * The rate limiter's key: a signed-in caller (token verified at the edge) by organization and user, so everyone
 * behind one address — a front desk behind a NAT — has their own budget; anyone else by address. Never throws.
 */
export const rateLimitKey = (req: FastifyRequest): string => {
  try {
    const caller = edgeCallerOf(req);
    if (caller?.keyId) return `key:${caller.keyId}`;
    if (caller) return `user:${caller.orgId}:${caller.userId}`;
  } catch {
    /* fall back to the address */
  }
  return `addr:${clientAddress(req)}`;
};

export const isUserKey = (key: string): boolean => key.startsWith('user:');
/** An API key's requests are limited per key by api-key-limits.ts, not by the per-user limiter. */
export const isApiKeyKey = (key: string): boolean => key.startsWith('key:');
