import { memberRoutes, SERVICES, trainersRoutes, type RouteContract, type ServiceName } from '@akhada/contracts';
import type { z } from 'zod';
import type { RequestContext } from '../auth/context.ts';
import { serviceUnavailable } from '../errors.ts';
import type { Logger } from '../logger.ts';

/** How long a read-through waits for the owning service: a person at the desk is waiting, and a retry is one click. */
export const OWNER_READ_TIMEOUT_MS = 2_000;

/** The caller's side of the request: its token (forwarded, so the owner scopes the read) and its ids (for the logs). */
export type OwnerCaller = Pick<RequestContext, 'bearer' | 'correlationId' | 'requestId'>;

type Ok200<C extends RouteContract> = C['responses'] extends { 200: infer S extends z.ZodType } ? z.output<S> : never;
type ParamsOf<C extends RouteContract> = C['params'] extends z.ZodType ? z.input<C['params']> : Record<string, never>;

/**
 * A read of an owning service through one GET route of its contract: answers the parsed 200, null when the owner
 * says the caller cannot see it (404, or 403 for a role it refuses), and throws 503 "try again" when the owner does not
 * answer within the timeout, fails, or answers what its contract does not say. Never retries.
 */
export type OwnerRead<C extends RouteContract> = (params: ParamsOf<C>, caller: OwnerCaller) => Promise<Ok200<C> | null>;

export interface OwnerReadOptions {
  /** The owning service's address(es): `<SERVICE>_URL`, comma-separated when it runs several instances. */
  baseUrl: string;
  logger?: Pick<Logger, 'warn'>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const pathOf = (template: string, params: Record<string, unknown>): string =>
  template.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));

/** The addresses of `<SERVICE>_URL` (several instances: comma-separated). */
export const upstreamsOf = (baseUrl: string): string[] =>
  baseUrl
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);

/** The typed client of one GET route of another service (see OwnerRead). */
export const ownerRead = <C extends RouteContract>(contract: C, o: OwnerReadOptions): OwnerRead<C> => {
  if (contract.method !== 'GET') throw new Error(`ownerRead reads only: ${contract.method} ${contract.path}`);
  const schema = contract.responses[200];
  if (!schema) throw new Error(`ownerRead needs a 200 answer in the contract of ${contract.path}`);
  const upstreams = upstreamsOf(o.baseUrl);
  if (upstreams.length === 0) throw new Error(`ownerRead: no address for ${contract.path}`);
  const doFetch = o.fetch ?? fetch;
  const timeoutMs = o.timeoutMs ?? OWNER_READ_TIMEOUT_MS;
  let next = 0;
  return async (params, caller) => {
    // Without the caller's token the owner could not scope the read: nothing is asked, the miss stays a miss.
    if (!caller.bearer) return null;
    const base = upstreams[next++ % upstreams.length]!;
    const url = `${base}${pathOf(contract.path, params as Record<string, unknown>)}`;
    const failed = (reason: string, err?: unknown) => {
      o.logger?.warn({ url, reason, err, correlationId: caller.correlationId, requestId: caller.requestId }, 'read-through: the owning service did not answer');
      return serviceUnavailable();
    };
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'GET',
        headers: { authorization: `Bearer ${caller.bearer}`, 'x-correlation-id': caller.correlationId, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw failed((err as Error)?.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable', err);
    }
    if (res.status === 404 || res.status === 403) {
      await res.body?.cancel();
      return null;
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw failed(`answered ${res.status}`);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch (err) {
      throw failed('answered no JSON', err);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw failed('answered outside its contract', parsed.error);
    return parsed.data as Ok200<C>;
  };
};

/** The local address of a service when `<SERVICE>_URL` is not set (the same port table the gateway and the stack use). */
export const defaultServiceUrl = (service: ServiceName): string => `http://127.0.0.1:${SERVICES[service].port}`;

/** `{ data }` of an owner's `ok(...)` answer. */
type DataOf<C extends RouteContract> = Ok200<C> extends { data: infer D } ? D : never;

/** The owners of the people other services keep copies of: members (members) and trainers (trainers). */
export interface PeopleOwners {
  member: (memberId: string, caller: OwnerCaller) => Promise<DataOf<typeof memberRoutes.copy> | null>;
  trainer: (trainerId: string, caller: OwnerCaller) => Promise<DataOf<typeof trainersRoutes.copy> | null>;
}

/** The people owners' clients from the config (MEMBERS_URL, TRAINERS_URL). */
export const peopleOwners = (config: { MEMBERS_URL: string; TRAINERS_URL: string }, o: Omit<OwnerReadOptions, 'baseUrl'> = {}): PeopleOwners => {
  const member = ownerRead(memberRoutes.copy, { ...o, baseUrl: config.MEMBERS_URL });
  const trainer = ownerRead(trainersRoutes.copy, { ...o, baseUrl: config.TRAINERS_URL });
  return {
    member: async (id, caller) => (await member({ id }, caller))?.data ?? null,
    trainer: async (id, caller) => (await trainer({ id }, caller))?.data ?? null,
  };
};
