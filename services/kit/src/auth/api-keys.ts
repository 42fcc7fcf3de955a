import { ApiKeyPrincipal, ErrorBody, isApiKeySecret, type ApiScope, type PlanId } from '@akhada/contracts';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { AppError, serviceUnavailable, unauthenticated } from '../errors.ts';
import type { RevocationList } from './revocations.ts';

/** What a verified API key may do, as auth's own record says (never what the caller sends). */
export interface ApiKeyGrant {
  keyId: string;
  orgId: string;
  name: string;
  scopes: ApiScope[];
  locationIds: string[];
  /** ms since the epoch after which this secret stops working (expiry, end of a rotation's grace); null: none. */
  validUntilMs: number | null;
  /** The organization's plan as auth answered it (the gateway's per-key limit follows it). */
  plan: PlanId;
}

export interface ApiKeyChecker {
  check(secret: string): Promise<ApiKeyGrant>;
  /** Forget what is cached of a key (auth said it changed or was revoked). */
  forget(keyId: string): void;
}

/** How long a service trusts what auth said about a key: revocation reaches every service within this (and at once where the event arrives). */
export const API_KEY_CACHE_MS = 30_000;
/** How long an unknown, revoked or expired secret is answered 401 without asking auth again. */
const REFUSAL_CACHE_MS = 5_000;

/** auth's introspection endpoint, next to the JWKS every service already knows (AUTH_JWKS_URL). */
export const apiKeyIntrospectUrl = (jwksUrl: string): string => new URL('/auth/api-keys/introspect', jwksUrl).toString();

export interface ApiKeyCheckerOptions {
  /** POST {key} → ApiKeyPrincipal (auth's `POST /auth/api-keys/introspect`). */
  url?: string;
  /** Or ask in-process (auth itself). Throws an AppError 401 for a key that does not work. */
  introspect?: (secret: string) => Promise<ApiKeyPrincipal>;
  /** Auth's events, followed by the runtime: a revoked or changed key is dropped from the cache at once. */
  revocations?: RevocationList;
  ttlMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
}

const toGrant = (p: ApiKeyPrincipal): ApiKeyGrant => ({
  keyId: p.keyId,
  orgId: p.orgId,
  name: p.name,
  scopes: p.scopes,
  locationIds: p.locationIds,
  validUntilMs: p.validUntil === null ? null : Date.parse(p.validUntil),
  plan: p.plan,
});

/**
 * Checks API keys against auth's record (issue 29). Decision: every service (and the gateway) asks auth's introspection
 * endpoint and caches the answer for at most 30 s per secret (under its SHA-256, never the secret itself); a service
 * following auth's events (the runtime's RevocationList) drops a key at once on auth.api_key_revoked / api_key_changed,
 * so a revocation is felt within 30 s everywhere, at once where the event arrives. Expiry is checked on every request.
 */
export const createApiKeyChecker = ({
  url,
  introspect,
  revocations,
  ttlMs = API_KEY_CACHE_MS,
  now = Date.now,
  fetch: fetchFn = fetch,
}: ApiKeyCheckerOptions): ApiKeyChecker => {
  const cache = new LRUCache<string, { grant?: ApiKeyGrant; refusal?: string; until: number }>({ max: 10_000 });
  const inFlight = new Map<string, Promise<ApiKeyGrant>>();
  const byKey = new Map<string, Set<string>>(); // keyId → cache keys (hashes) of its secrets

  const ask = async (secret: string): Promise<ApiKeyPrincipal> => {
    if (introspect) return introspect(secret);
    if (!url) throw new Error('API key checker has neither url nor introspect');
    let res: Response;
    try {
      res = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: secret }),
        signal: AbortSignal.timeout(5_000),
      });
    } catch {
      throw serviceUnavailable('API keys cannot be checked right now. Please try again shortly.');
    }
    const body: unknown = await res.json().catch(() => null);
    if (res.status === 200) return ApiKeyPrincipal.parse((body as { data?: unknown } | null)?.data);
    if (res.status === 401 || res.status === 400) throw unauthenticated(ErrorBody.safeParse(body).data?.message ?? 'This API key is not valid');
    throw serviceUnavailable('API keys cannot be checked right now. Please try again shortly.');
  };

  const forget = (keyId: string) => {
    for (const h of byKey.get(keyId) ?? []) cache.delete(h);
    byKey.delete(keyId);
  };
  revocations?.onApiKeyChanged((keyId) => forget(keyId));

  const usable = (g: ApiKeyGrant, t: number): ApiKeyGrant => {
    if (revocations?.isApiKeyRevoked(g.keyId)) throw unauthenticated('This API key has been revoked');
    if (g.validUntilMs !== null && t >= g.validUntilMs) throw unauthenticated('This API key has expired');
    return g;
  };

  return {
    forget,
    async check(secret) {
      if (!isApiKeySecret(secret)) throw unauthenticated('This API key is not valid');
      const h = createHash('sha256').update(secret).digest('hex');
      const t = now();
      const hit = cache.get(h);
      if (hit && t < hit.until) {
        if (hit.refusal) throw unauthenticated(hit.refusal);
        return usable(hit.grant!, t);
      }
      let pending = inFlight.get(h);
      if (!pending) {
        pending = ask(secret)
          .then((p) => {
            const grant = Object.freeze(toGrant(p));
            cache.set(h, { grant, until: now() + ttlMs });
            byKey.set(grant.keyId, (byKey.get(grant.keyId) ?? new Set()).add(h));
            return grant;
          })
          .catch((err: unknown) => {
            if (err instanceof AppError && err.status === 401) cache.set(h, { refusal: err.message, until: now() + Math.min(REFUSAL_CACHE_MS, ttlMs) });
            throw err;
          })
          .finally(() => inFlight.delete(h));
        inFlight.set(h, pending);
      }
      return usable(await pending, now());
    },
  };
};
