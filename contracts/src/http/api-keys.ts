import { z } from 'zod';
import { API_KEY_SECRET_RE, ApiScope } from '../api-scopes.ts';
import { PlanId } from '../enums.ts';
import { IdParams, InstantWithin, IsoDateTime, ok, Problem, route, Text } from './route.ts';

/**
 * Settings → API keys (issue 29), owned by auth. An organization's keys for its own integrations (website, BI tool,
 * access control): a name, scopes, optionally some of its locations and an expiry. The secret is answered once, by
 * create and rotate, and stored only as its SHA-256; the list shows the visible prefix. The owner manages keys, and
 * admins too when the owner allows it (`adminsMayManage`). Pro and above; the free plan during its trial.
 */

export const ApiKeyName = Text('Key name').trim().min(1, 'Key name is required').max(60, 'Key name must be at most 60 characters');

export const ApiKeyStatus = z.enum(['active', 'expired', 'revoked']);
export type ApiKeyStatus = z.infer<typeof ApiKeyStatus>;

export const ApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  /** `ak_live_xxxxxxxx`: the start of the secret, kept across rotations, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(ApiScope),
  /** The locations the key may act in; null: every location of the organization, present and future. */
  locationIds: z.array(z.uuid()).nullable(),
  expiresAt: IsoDateTime.nullable(),
  /** The last time a service checked the key (to within a minute or so). */
  lastUsedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  createdBy: z.object({ id: z.uuid(), name: z.string() }),
  revokedAt: IsoDateTime.nullable(),
  /** The last rotation, and until when the secret before it still works (null: not rotated, or no grace left). */
  rotatedAt: IsoDateTime.nullable(),
  previousSecretValidUntil: IsoDateTime.nullable(),
  status: ApiKeyStatus,
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyList = z.object({
  items: z.array(ApiKey),
  /** The owner lets admins create, rotate and revoke keys (Settings → API keys). */
  adminsMayManage: z.boolean(),
  /** The organization's plan includes API access (Pro and above, or the free trial); without it no key can be made or used. */
  planIncludesApi: z.boolean(),
});
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** A key and its secret: answered only by create and rotate, never again. */
export const ApiKeyWithSecret = z.object({ key: ApiKey, secret: z.string() });
export type ApiKeyWithSecret = z.infer<typeof ApiKeyWithSecret>;

export const CreateApiKeyBody = z.object({
  name: ApiKeyName,
  scopes: z
    .array(ApiScope)
    .min(1, 'Choose at least one scope')
    .max(14, 'At most 14 scopes')
    .refine((s) => new Set(s).size === s.length, 'Each scope once'),
  /** Some of the organization's locations; absent or null: every location. */
  locationIds: z
    .array(z.uuid({ message: 'Not a valid location id' }))
    .min(1, 'Choose at least one location, or none for every location')
    .max(100, 'At most 100 locations')
    .nullable()
    .optional(),
  /** Absent or null: the key does not expire. */
  expiresAt: InstantWithin('Expiry', { daysBack: 0, yearsAhead: 3 }).nullable().optional(),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** How long the secret before a rotation keeps working beside the new one: 0 (at once) to 7 days. */
export const RotateApiKeyBody = z.object({
  graceDays: z
    .number({ error: 'Grace period must be a number of days' })
    .int('Grace period must be whole days')
    .min(0, 'Grace period must be 0 to 7 days')
    .max(7, 'Grace period must be 0 to 7 days'),
});
export type RotateApiKeyBody = z.infer<typeof RotateApiKeyBody>;

export const ApiKeyPolicy = z.object({ adminsMayManage: z.boolean() });
export type ApiKeyPolicy = z.infer<typeof ApiKeyPolicy>;

/** What a service learns about a key from auth (the kit's key check; never shown to people). */
export const ApiKeyPrincipal = z.object({
  keyId: z.uuid(),
  orgId: z.uuid(),
  name: z.string(),
  scopes: z.array(ApiScope),
  /** The locations the key acts in: its own, or every location of the organization now. */
  locationIds: z.array(z.uuid()),
  /** The latest instant this secret works (the key's expiry, or the end of a rotated secret's grace); null: none. */
  validUntil: IsoDateTime.nullable(),
  /** The organization's plan now (the free plan: its trial), which sets the key's requests per minute at the gateway. */
  plan: PlanId,
});
export type ApiKeyPrincipal = z.infer<typeof ApiKeyPrincipal>;

export const IntrospectApiKeyBody = z.object({
  key: Text('Key').regex(API_KEY_SECRET_RE, 'Not an API key'),
});

const errors = { 400: Problem, 401: Problem, 402: Problem, 403: Problem } as const;

export const apiKeyRoutes = {
  list: route({
    method: 'GET',
    path: '/settings/api-keys',
    responses: { 200: ok(ApiKeyList), ...errors },
    auth: true,
    roles: ['owner', 'admin'],
    summary: "The organization's API keys (never their secrets), newest first, with whether admins may manage them.",
  }),
  create: route({
    method: 'POST',
    path: '/settings/api-keys',
    body: CreateApiKeyBody,
    responses: { 201: ok(ApiKeyWithSecret), ...errors, 404: Problem },
    auth: true,
    roles: ['owner', 'admin'],
    summary: 'Creates an API key; the answer carries its secret, shown this once and never again.',
    description:
      'The owner, or an admin when the owner allows admins to manage keys. Locations must be the organization’s (an admin: their own). 402 PLAN_UPGRADE_REQUIRED below the Pro plan once the free trial is over.',
  }),
  rotate: route({
    method: 'POST',
    path: '/settings/api-keys/:id/rotate',
    params: IdParams,
    body: RotateApiKeyBody,
    responses: { 200: ok(ApiKeyWithSecret), ...errors, 404: Problem, 409: Problem },
    auth: true,
    roles: ['owner', 'admin'],
    summary: 'Gives the key a new secret (answered once); the old one keeps working for the grace period chosen (0–7 days).',
  }),
  revoke: route({
    method: 'DELETE',
    path: '/settings/api-keys/:id',
    params: IdParams,
    responses: { 200: ok(ApiKey), ...errors, 404: Problem },
    auth: true,
    roles: ['owner', 'admin'],
    summary: 'Revokes the key: every service refuses it (and its rotated secret) within 60 seconds, at once where the event arrives.',
    allowReadOnly: true,
  }),
  policy: route({
    method: 'GET',
    path: '/settings/api-keys/policy',
    responses: { 200: ok(ApiKeyPolicy), ...errors },
    auth: true,
    roles: ['owner', 'admin'],
    summary: 'Whether the owner lets admins manage API keys.',
  }),
  setPolicy: route({
    method: 'PUT',
    path: '/settings/api-keys/policy',
    body: ApiKeyPolicy,
    responses: { 200: ok(ApiKeyPolicy), ...errors },
    auth: true,
    roles: ['owner'],
    summary: 'The owner lets admins manage API keys, or stops them (their keys stay until revoked).',
  }),
  introspect: route({
    method: 'POST',
    path: '/auth/api-keys/introspect',
    body: IntrospectApiKeyBody,
    responses: { 200: ok(ApiKeyPrincipal), 400: Problem, 401: Problem },
    auth: false,
    summary: 'What a key may do (organization, scopes, locations), for the services that check it; 401 for an unknown, expired or revoked key.',
    description:
      'Called by every service (the kit) to check a key it has not seen within 30 seconds. Tells only what the holder of the secret can already do with it.',
  }),
} as const;
