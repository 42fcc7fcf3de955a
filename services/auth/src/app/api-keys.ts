import {
  apiKeyPrefixOf,
  AuthEvents,
  includesApiAccess,
  type ApiKey,
  type ApiKeyList,
  type ApiKeyPolicy,
  type ApiKeyPrincipal,
  type ApiKeyStatus,
  type ApiKeyUsageCounts,
  type ApiKeyWithSecret,
  type ApiScope,
  type CreateApiKeyBody,
  type StoredApiKeyUsage,
} from '@akhada/contracts';
import {
  AppError,
  forbidden,
  inTransaction,
  isTrialEnded,
  metadataOf,
  newId,
  notFound,
  unauthenticated,
  type Executor,
  type RequestContext,
} from '@akhada/kit';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { publish } from '../db/auth-events.ts';
import {
  addApiKeyUsage,
  adminsManageApiKeys,
  apiKeyByPrefix,
  apiKeyOfOrg,
  apiKeysOfOrg,
  apiKeyUsageSince,
  insertApiKey,
  revokeApiKey,
  rotateApiKey,
  setAdminsManageApiKeys,
  touchApiKey,
  type ApiKeyRow,
} from '../db/api-keys-repo.ts';
import { locationIdsInOrg } from '../db/locations-repo.ts';
import { findOrganization } from '../db/organizations-repo.ts';
import type { AuthDb } from '../db/schema.ts';
import type { AuthDeps } from './deps.ts';

export const API_PLAN_MESSAGE = 'API access is part of the Pro plan. Upgrade to Pro to create and use API keys.';
export const ADMINS_NOT_ALLOWED_MESSAGE = 'The gym owner has not allowed admins to manage API keys';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** `ak_live_` + 8 letters and digits: the visible prefix, kept across rotations. */
const newPrefix = (): string => `ak_live_${[...randomBytes(8)].map((b) => ALNUM[b % ALNUM.length]).join('')}`;
/** The secret: the prefix and 256 random bits. Only its SHA-256 is stored. */
const newSecret = (prefix: string): string => `${prefix}_${randomBytes(32).toString('base64url')}`;
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');
const sameHash = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

const statusOf = (r: ApiKeyRow, now: Date): ApiKeyStatus =>
  r.revoked_at ? 'revoked' : r.expires_at && r.expires_at.getTime() <= now.getTime() ? 'expired' : 'active';

/** A stored key as the owner sees it: never its secret or its hash. */
export const toApiKey = (r: ApiKeyRow, now: Date): ApiKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes as ApiScope[],
  locationIds: (r.location_ids as string[] | null) ?? null,
  expiresAt: r.expires_at?.toISOString() ?? null,
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
  createdBy: { id: r.created_by, name: r.created_by_name },
  revokedAt: r.revoked_at?.toISOString() ?? null,
  rotatedAt: r.rotated_at?.toISOString() ?? null,
  previousSecretValidUntil:
    r.previous_valid_until && r.previous_valid_until.getTime() > now.getTime() && !r.revoked_at ? r.previous_valid_until.toISOString() : null,
  status: statusOf(r, now),
});

const planIncludesApi = async (db: Executor<AuthDb>, orgId: string, now: Date): Promise<boolean> => {
  const org = await findOrganization(db, orgId);
  return includesApiAccess(org.plan, isTrialEnded({ plan: org.plan, trialEndsAt: org.trial_ends_at }, now));
};

/** The owner always; an admin only when the owner allows admins to manage keys. */
const assertMayManage = async (db: Executor<AuthDb>, ctx: RequestContext): Promise<void> => {
  if (ctx.role === 'owner') return;
  if (ctx.role === 'admin' && (await adminsManageApiKeys(db, ctx.orgId))) return;
  throw forbidden(ADMINS_NOT_ALLOWED_MESSAGE);
};

export const listApiKeys = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext): Promise<ApiKeyList> => {
  await assertMayManage(db, ctx);
  const now = clock();
  const rows = await apiKeysOfOrg(db, ctx.orgId);
  return {
    items: rows.map((r) => toApiKey(r, now)),
    adminsMayManage: await adminsManageApiKeys(db, ctx.orgId),
    planIncludesApi: await planIncludesApi(db, ctx.orgId, now),
  };
};

/**
 * The key's locations: some of the organization's (an admin: some of their own); absent means every location, which an
 * admin gets only as their own locations (an admin cannot make a key that reaches further than they do).
 */
const keyLocations = async (db: Executor<AuthDb>, ctx: RequestContext, ids: string[] | null | undefined): Promise<string[] | null> => {
  if (!ids) return ctx.role === 'owner' ? null : [...ctx.locationIds];
  const unique = [...new Set(ids)];
  const inOrg = await locationIdsInOrg(db, ctx.orgId, unique);
  if (inOrg.length !== unique.length) throw notFound('Location');
  if (ctx.role !== 'owner' && unique.some((id) => !ctx.locationIds.includes(id))) throw forbidden('You cannot act in that location');
  return unique;
};

export const createApiKey = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext, body: CreateApiKeyBody): Promise<ApiKeyWithSecret> => {
  await assertMayManage(db, ctx);
  const now = clock();
  if (!(await planIncludesApi(db, ctx.orgId, now))) throw new AppError(402, 'PLAN_UPGRADE_REQUIRED', API_PLAN_MESSAGE);
  const locationIds = await keyLocations(db, ctx, body.locationIds);
  const id = newId();
  const prefix = newPrefix();
  const secret = newSecret(prefix);
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  const scopes = [...body.scopes];
  await inTransaction(db, async (trx) => {
    await insertApiKey(trx, {
      id,
      org_id: ctx.orgId,
      name: body.name,
      prefix,
      secret_hash: hashSecret(secret),
      previous_secret_hash: null,
      previous_valid_until: null,
      scopes: JSON.stringify(scopes),
      location_ids: locationIds === null ? null : JSON.stringify(locationIds),
      expires_at: expiresAt,
      revoked_at: null,
      rotated_at: null,
      last_used_at: null,
      created_at: now,
      created_by: ctx.userId,
      created_by_name: ctx.name,
    });
    await publish(
      trx,
      AuthEvents.ApiKeyChanged,
      id,
      { keyId: id, name: body.name, prefix, scopes, locationIds, expiresAt: expiresAt?.toISOString() ?? null, change: 'created' },
      metadataOf(ctx),
      now,
    );
  });
  const row = await apiKeyOfOrg(db, ctx.orgId, id);
  return { key: toApiKey(row!, now), secret };
};

const activeKey = async (trx: Executor<AuthDb>, ctx: RequestContext, id: string, now: Date): Promise<ApiKeyRow> => {
  const row = await apiKeyOfOrg(trx, ctx.orgId, id, true);
  if (!row) throw notFound('API key');
  if (row.revoked_at) throw new AppError(409, 'CONFLICT', 'This API key has been revoked; create a new one');
  if (statusOf(row, now) === 'expired') throw new AppError(409, 'CONFLICT', 'This API key has expired; create a new one');
  return row;
};

/** A new secret; the one before keeps working for `graceDays` (0: it stops at once). A secret in grace is replaced. */
export const rotateKey = async (
  { db, clock }: Pick<AuthDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  id: string,
  graceDays: number,
): Promise<ApiKeyWithSecret> => {
  await assertMayManage(db, ctx);
  const now = clock();
  const secret = await inTransaction(db, async (trx) => {
    const row = await activeKey(trx, ctx, id, now);
    const next = newSecret(row.prefix);
    const until = graceDays > 0 ? new Date(now.getTime() + graceDays * 86_400_000) : null;
    await rotateApiKey(trx, row.id, { secretHash: hashSecret(next), previousSecretHash: until ? row.secret_hash : null, previousValidUntil: until, at: now });
    await publish(
      trx,
      AuthEvents.ApiKeyChanged,
      row.id,
      {
        keyId: row.id,
        name: row.name,
        prefix: row.prefix,
        scopes: row.scopes as string[],
        locationIds: (row.location_ids as string[] | null) ?? null,
        expiresAt: row.expires_at?.toISOString() ?? null,
        change: 'rotated',
      },
      metadataOf(ctx),
      now,
    );
    return next;
  });
  const row = await apiKeyOfOrg(db, ctx.orgId, id);
  return { key: toApiKey(row!, now), secret };
};

/** Revoked for good: the key and any rotated secret of it stop working (every service within 60 s). */
export const revokeKey = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext, id: string): Promise<ApiKey> => {
  await assertMayManage(db, ctx);
  const now = clock();
  await inTransaction(db, async (trx) => {
    const row = await apiKeyOfOrg(trx, ctx.orgId, id, true);
    if (!row) throw notFound('API key');
    if (row.revoked_at) return;
    await revokeApiKey(trx, row.id, now);
    await publish(trx, AuthEvents.ApiKeyRevoked, row.id, { keyId: row.id, name: row.name, prefix: row.prefix }, metadataOf(ctx), now);
  });
  return toApiKey((await apiKeyOfOrg(db, ctx.orgId, id))!, now);
};

export const apiKeyPolicy = async ({ db }: Pick<AuthDeps, 'db'>, ctx: RequestContext): Promise<ApiKeyPolicy> => ({
  adminsMayManage: await adminsManageApiKeys(db, ctx.orgId),
});

export const setApiKeyPolicy = async ({ db }: Pick<AuthDeps, 'db'>, ctx: RequestContext, body: ApiKeyPolicy): Promise<ApiKeyPolicy> => {
  await setAdminsManageApiKeys(db, ctx.orgId, body.adminsMayManage);
  return apiKeyPolicy({ db }, ctx);
};

const INVALID = 'This API key is not valid';

/**
 * What a key may do, for the services (the kit's key check): its organization, scopes and locations from this table,
 * never from the caller. An unknown secret, a revoked or expired key, a rotated secret past its grace and an
 * organization whose plan no longer includes API access are all 401.
 */
export const introspectApiKey = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, secret: string): Promise<ApiKeyPrincipal> => {
  const prefix = apiKeyPrefixOf(secret);
  const row = prefix ? await apiKeyByPrefix(db, prefix) : undefined;
  if (!row) throw unauthenticated(INVALID);
  const now = clock();
  const hash = hashSecret(secret);
  const current = sameHash(hash, row.secret_hash);
  const previous =
    !current && row.previous_secret_hash !== null && row.previous_valid_until !== null && row.previous_valid_until.getTime() > now.getTime()
      ? sameHash(hash, row.previous_secret_hash)
      : false;
  if (!current && !previous) throw unauthenticated(INVALID);
  if (row.revoked_at) throw unauthenticated('This API key has been revoked');
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) throw unauthenticated('This API key has expired');
  const org = await findOrganization(db, row.org_id);
  if (!includesApiAccess(org.plan, isTrialEnded({ plan: org.plan, trialEndsAt: org.trial_ends_at }, now))) throw unauthenticated(API_PLAN_MESSAGE);
  const own = row.location_ids as string[] | null;
  const orgLocations = await db.selectFrom('locations').select('id').where('org_id', '=', row.org_id).orderBy('created_at').orderBy('id').execute();
  const locationIds = orgLocations.map((l) => l.id).filter((l) => own === null || own.includes(l));
  await touchApiKey(db, row.id, now);
  const ends = [row.expires_at, previous ? row.previous_valid_until : null].filter((d): d is Date => d !== null).map((d) => d.getTime());
  return {
    keyId: row.id,
    orgId: row.org_id,
    name: row.name,
    scopes: row.scopes as ApiScope[],
    locationIds,
    validUntil: ends.length ? new Date(Math.min(...ends)).toISOString() : null,
    plan: org.plan,
  };
};

/** A gateway's batch of per-key, per-day counts (issue 29), added to auth's table: durable and shared by every gateway. */
export const recordApiKeyUsage = async ({ db }: Pick<AuthDeps, 'db'>, batch: ApiKeyUsageCounts): Promise<void> => {
  await addApiKeyUsage(db, batch.counts);
};

/**
 * A key's stored usage over the last `days` UTC days and its organization's plan, for the gateway's usage route; a key
 * of another organization (or none): undefined.
 */
export const storedApiKeyUsage = async (
  { db, clock }: Pick<AuthDeps, 'db' | 'clock'>,
  orgId: string,
  keyId: string,
  days = 30,
): Promise<StoredApiKeyUsage | undefined> => {
  if (!(await apiKeyOfOrg(db, orgId, keyId))) return undefined;
  const org = await findOrganization(db, orgId);
  const since = new Date(clock().getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { plan: org.plan, days: await apiKeyUsageSince(db, keyId, since) };
};
