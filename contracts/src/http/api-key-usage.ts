import { z } from 'zod';
import { PlanId } from '../enums.ts';
import { IdParams, IsoDate, ok, Problem, route } from './route.ts';

/**
 * An API key's usage (issue 29), counted by the gateway, where every key's request passes its per-minute limit:
 * requests per UTC day, and those refused for the limit (429). Each gateway adds its counts to auth's table every few
 * seconds and when it stops (ApiKeyUsageCounts, on auth's internal ops port), so they outlive a restart and add up over
 * several gateways; the usage route answers from there (with what the answering gateway has not sent yet).
 */
export const ApiKeyUsageDay = z.object({ date: IsoDate, requests: z.number().int().min(0), limited: z.number().int().min(0) });
export const ApiKeyUsage = z.object({
  keyId: z.uuid(),
  /** The key's requests per minute (its organization's plan's figure, as the gateway applies it). */
  limitPerMinute: z.number().int().min(1),
  /** The last 30 days, newest first; days without requests left out. */
  days: z.array(ApiKeyUsageDay),
});
export type ApiKeyUsage = z.infer<typeof ApiKeyUsage>;

export const apiKeyUsageRoutes = {
  usage: route({
    method: 'GET',
    path: '/settings/api-keys/:id/usage',
    params: IdParams,
    responses: { 200: ok(ApiKeyUsage), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ['owner', 'admin'],
    summary: "An API key's requests per day over the last 30 days and its per-minute limit (another organization's key: 404).",
  }),
};

/**
 * Between the gateway and auth only (auth's ops port, never the public edge): counts to add to a key's UTC day
 * (`POST /api-keys/usage`); keys auth does not know are ignored.
 */
export const ApiKeyUsageCounts = z.object({
  counts: z
    .array(
      z.object({ keyId: z.uuid(), date: IsoDate, requests: z.number().int().min(0).max(1_000_000_000), limited: z.number().int().min(0).max(1_000_000_000) }),
    )
    .max(10_000),
});
export type ApiKeyUsageCounts = z.infer<typeof ApiKeyUsageCounts>;

/** auth's answer to the gateway (`GET /api-keys/:id/usage?org=`): the key's stored days and its organization's plan. */
export const StoredApiKeyUsage = z.object({ plan: PlanId, days: z.array(ApiKeyUsageDay) });
export type StoredApiKeyUsage = z.infer<typeof StoredApiKeyUsage>;
