import type { InventoryPing } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { countExamples } from '../db/examples-repo.ts';
import type { InventoryDeps } from './deps.ts';

/** An example query: who is asking (from the verified token only) and how many examples their organization has. */
export const ping = async (deps: Pick<InventoryDeps, 'db' | 'clock'>, ctx: RequestContext): Promise<InventoryPing> => ({
  service: 'inventory',
  orgId: ctx.orgId,
  role: ctx.role,
  examples: await countExamples(deps.db, ctx.orgId),
  at: deps.clock().toISOString(),
});
