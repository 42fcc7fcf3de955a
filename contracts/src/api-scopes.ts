import { z } from 'zod';

/**
 * What an API key may do (issue 29): read or write per area of the product. A route a key may call names the one
 * scope it needs in its contract (`apiScope`); a route without one refuses keys. `write` includes `read` of the same
 * area (a key that records payments may also list them).
 */
export const API_AREAS = ['members', 'attendance', 'payments', 'inventory', 'scheduling', 'leads', 'reports'] as const;
export const ApiArea = z.enum(API_AREAS);
export type ApiArea = z.infer<typeof ApiArea>;
export const ApiAccess = z.enum(['read', 'write']);
export type ApiAccess = z.infer<typeof ApiAccess>;

/** The scope a route needs: `{ area: 'members', access: 'write' }`. */
export interface ApiScopeNeed {
  area: ApiArea;
  access: ApiAccess;
}

/** A scope as a key holds it and as it is written everywhere (messages, the docs, the settings page): `members:write`. */
export const API_SCOPES = API_AREAS.flatMap((a) => [`${a}:read`, `${a}:write`] as const);
export const ApiScope = z.enum(API_SCOPES as unknown as [`${ApiArea}:${ApiAccess}`, ...`${ApiArea}:${ApiAccess}`[]], {
  error: `A scope is one of ${API_SCOPES.join(', ')}`,
});
export type ApiScope = z.infer<typeof ApiScope>;

export const scopeName = (need: ApiScopeNeed): ApiScope => `${need.area}:${need.access}`;

/** Whether a key holding `scopes` may call a route that needs `need` (write includes read of the same area). */
export const keyHasScope = (scopes: readonly ApiScope[], need: ApiScopeNeed): boolean =>
  scopes.includes(scopeName(need)) || (need.access === 'read' && scopes.includes(`${need.area}:write`));

/** The message of a key refused for lacking the route's scope (403 FORBIDDEN). */
export const missingScopeMessage = (need: ApiScopeNeed): string => `This API key lacks the ${scopeName(need)} scope`;
/** The message of a key on a route no key may call (403 FORBIDDEN). */
export const API_KEY_NOT_ALLOWED_MESSAGE = 'API keys cannot call this route; sign in as a person to use it';

/**
 * The form of a key's secret: `ak_live_` + 8 characters (the prefix, shown in the list to tell keys apart, kept
 * across rotations) + `_` + 43 characters of base64url (256 random bits). Sent as `Authorization: Bearer <secret>`
 * or `X-Api-Key: <secret>`.
 */
export const API_KEY_PREFIX_RE = /^ak_live_[A-Za-z0-9]{8}$/;
export const API_KEY_SECRET_RE = /^(ak_live_[A-Za-z0-9]{8})_[A-Za-z0-9_-]{43}$/;
export const isApiKeySecret = (s: string): boolean => API_KEY_SECRET_RE.test(s);
/** The visible prefix of a key's secret (`ak_live_xxxxxxxx`), or null when it is not a key. */
export const apiKeyPrefixOf = (s: string): string | null => API_KEY_SECRET_RE.exec(s)?.[1] ?? null;
