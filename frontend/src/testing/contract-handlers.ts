import type { RouteContract } from '@akhada/contracts';
import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw';
import type { z } from 'zod';

/*
 * MSW handlers built from the contracts: the path and method come from the route contract, and every reply is parsed
 * with the contract's schema for its status before it is sent, so a mock that drifts from the contract fails the test.
 */

type Status<C extends RouteContract> = keyof C['responses'] & number;
type Body<C extends RouteContract, S extends Status<C>> = z.input<C['responses'][S]>;

/** The reply of `route` with `status`, checked against the contract. */
export function reply<C extends RouteContract, S extends Status<C>>(route: C, status: S, body: Body<C, S>, init?: ResponseInit) {
  const schema = route.responses[status];
  if (!schema) throw new Error(`${route.method} ${route.path} declares no ${status} reply`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`mock reply ${status} of ${route.method} ${route.path} breaks its contract: ${JSON.stringify(parsed.error.issues)}`);
  return HttpResponse.json(body as DefaultBodyType, { ...init, status });
}

/** A failure in the one error body every service answers with (not necessarily declared by the route: 429, 5xx). */
export function problem(status: number, code: string, message: string, details?: { path: string; message: string }[]) {
  return HttpResponse.json({ success: false, message, error: message, code, requestId: 'test', ...(details ? { details } : {}) }, { status });
}

/** A handler for `route` (its method and path, under /api). */
export function on<C extends RouteContract>(route: C, resolver: HttpResponseResolver<PathParams, DefaultBodyType>) {
  const path = `/api${route.path}`;
  switch (route.method) {
    case 'GET':
      return http.get(path, resolver);
    case 'POST':
      return http.post(path, resolver);
    case 'PUT':
      return http.put(path, resolver);
    case 'PATCH':
      return http.patch(path, resolver);
    case 'DELETE':
      return http.delete(path, resolver);
  }
}

/** Resolves when `release()` is called: holds a reply back so a test can look at the loading state. */
export function barrier() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
}
