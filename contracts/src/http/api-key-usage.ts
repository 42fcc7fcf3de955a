import { z } from 'zod';
import { IdParams, IsoDate, ok, Problem, route } from './route.ts';

/**
 * An API key's usage (issue 29), counted and answered by the gateway, where every key's request passes its per-minute
 * limit: requests per UTC day, and those refused for the limit (429). The counts are the answering gateway's own since
 * it started (in memory); a key not seen since then has no days yet.
 */
export const ApiKeyUsageDay = z.object({ date: IsoDate, requests: z.number().int().min(0), limited: z.number().int().min(0) });
export const ApiKeyUsage = z.object({
  keyId: z.uuid(),
  /** The key's requests per minute (its plan's figure, as the gateway applies it). */
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
