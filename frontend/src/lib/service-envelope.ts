import { z } from 'zod';

/**
 * The common success envelope, for services whose contracts are not in @akhada/contracts yet.
 * Screens only use it to tell "the service answered" from "it did not"; they never read records from it.
 */
export const ServiceEnvelope = z.object({
  success: z.literal(true),
  data: z.unknown(),
  totalCount: z.number().int().optional(),
});
export type ServiceEnvelope = z.infer<typeof ServiceEnvelope>;

/** How many records the answer says exist, when it says so. */
export function recordCount(env: ServiceEnvelope): number | null {
  if (typeof env.totalCount === 'number') return env.totalCount;
  if (Array.isArray(env.data)) return env.data.length;
  return null;
}
