import type { ApiScope, Role } from '@akhada/contracts';
import { forbidden } from '../errors.ts';

/** Who is calling, taken only from a verified token — never from ids or roles the client sends. */
export interface RequestContext {
  userId: string;
  orgId: string;
  role: Role;
  /** Locations this user may act in (owners: every location of the organization at token time). */
  locationIds: string[];
  sessionId: string;
  name: string;
  /** The account awaits the gym's approval (token claim `pending`): only routes with `allowPending` answer it. */
  pending: boolean;
  /** Staff who must set up two-factor sign-in first (token claim `enrol`): only routes with `allowEnrolment` answer it. */
  mustEnrolTwoFactor: boolean;
  /**
   * Set when the caller is an API key (issue 29): `userId` and `sessionId` are then the key's id, `name` is
   * "API key <name>", `role` is 'admin' and `locationIds` the key's locations; addRoute checked the route's `apiScope`
   * against `scopes` instead of its roles.
   */
  apiKey?: { id: string; name: string; scopes: readonly ApiScope[] };
  correlationId: string;
  requestId: string;
  /**
   * The caller's bearer token, only to forward to a service that owns what this one lacks a copy of (the kit's
   * read-through). Set non-enumerable by createService, so it never appears in a log line or a spread of the context.
   */
  readonly bearer?: string;
}

export const isStaff = (ctx: Pick<RequestContext, 'role'>): boolean => ctx.role === 'owner' || ctx.role === 'admin';

/** A location id from the client is only a choice among the caller's own locations. */
export const assertLocation = (ctx: Pick<RequestContext, 'locationIds'>, locationId: string): void => {
  if (!ctx.locationIds.includes(locationId)) throw forbidden('You cannot act in that location');
};
