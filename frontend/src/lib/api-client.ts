import type { RouteContract } from '@akhada/contracts';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { apiLanguage } from './api-language';
import { clearToken, getToken } from './auth/token-store';
import { reportPaymentRequired } from './payment-required';

/** Everything goes through the same origin; the gateway routes /api/<service>. */
export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface FetchOptions {
  method: RouteContract['method'];
  path: string;
  query?: Query;
  body?: unknown;
  /** false for the few calls a guest makes (login, register, ...): their 401 is an answer, not an expired session. */
  auth?: boolean;
  signal?: AbortSignal;
  /** The same request, already sent (by index.html's inline script): its answer is used instead of a new request. */
  started?: Promise<Response>;
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  if (query) {
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null || v === '') continue;
      params.set(k, String(v));
    }
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

const debug = import.meta.env.DEV;

/**
 * Low-level call: returns the parsed JSON of a 2xx answer (unknown: the caller parses it with its contract),
 * throws ApiError otherwise. A 401 on an authenticated call ends the session; a 402 (the organization's free trial
 * has ended) is reported to the shell (payment-required.ts), which says so and reads the session again. Neither is
 * retried (4xx: see retry-policy.ts).
 */
export async function apiFetch({ method, path, query, body, auth = true, signal, started }: FetchOptions): Promise<unknown> {
  const url = buildUrl(path, query);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': apiLanguage() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  if (debug) console.debug('[api] →', method, url);
  let res: Response;
  try {
    res = await (started ??
      fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        credentials: 'same-origin',
      }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ kind: 'network', message: cause instanceof Error ? cause.message : '', cause });
  }

  // A body cut off on its way (the request aborted, the connection dropped) is not an empty answer: a 2xx without
  // its body would reach the caller as `undefined` and fail its contract.
  let text = '';
  try {
    text = await res.text();
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    if (res.ok) throw new ApiError({ kind: 'network', message: cause instanceof Error ? cause.message : '', cause });
  }
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch (e) {
      if (!res.ok) console.warn('[api] could not parse the error body of', method, url, e);
    }
  }
  if (debug) console.debug('[api] ←', res.status, method, url);

  if (!res.ok) {
    const error = ApiError.fromResponse(res.status, json, res.headers.get('retry-after'));
    if (res.status === 401 && auth && token) {
      const current = getToken();
      // The token was rotated while this call was on its way: try once more with the new one.
      if (current && current !== token) return apiFetch({ method, path, query, body, auth, signal });
      if (current === token) clearToken('expired');
    }
    if (res.status === 402) reportPaymentRequired({ code: error.code, message: error.message });
    throw error;
  }
  return json;
}

function fillPath(path: string, params?: Record<string, string>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(v);
  });
}

/**
 * Calls a route described by a contract. The request body is validated with the contract's own schema first
 * (same rules, same field paths as the server), and the normalised value is what gets sent.
 */
export async function callRoute<C extends RouteContract>(
  contract: C,
  opts: {
    params?: Record<string, string>;
    query?: Query;
    body?: C['body'] extends z.ZodType ? z.input<C['body']> : never;
    signal?: AbortSignal;
    /** A 401 here is expected (signing out with an expired token) and must not end the session as "expired". */
    ignoreUnauthorized?: boolean;
    /** The request, already sent (see FetchOptions.started). */
    started?: Promise<Response>;
  } = {},
): Promise<unknown> {
  let body: unknown = opts.body;
  if (contract.body) {
    const parsed = contract.body.safeParse(opts.body ?? {});
    if (!parsed.success) {
      throw new ApiError({
        kind: 'validation',
        status: 0,
        code: 'VALIDATION_FAILED',
        message: parsed.error.issues[0]?.message ?? 'Invalid input',
        details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    body = parsed.data;
  }
  return apiFetch({
    method: contract.method,
    path: fillPath(contract.path, opts.params),
    query: opts.query,
    body,
    auth: contract.auth && !opts.ignoreUnauthorized,
    signal: opts.signal,
    started: opts.started,
  });
}

/** Parses a 2xx body with its contract schema; a mismatch becomes an ApiError of kind "contract". */
export function parseResponse<S extends z.ZodType>(schema: S, json: unknown, what: string): z.output<S> {
  const result = schema.safeParse(json);
  if (!result.success) {
    console.error(`[api] response of ${what} does not match its contract`, result.error.issues);
    throw new ApiError({ kind: 'contract', status: 200, message: `Unexpected response from ${what}`, cause: result.error });
  }
  return result.data;
}
