import type { SchedulingPing } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { countExamples } from '../db/examples-repo.ts';
import type { SchedulingDeps } from './deps.ts';

/** An example query: who is asking (from the verified token only) and how many examples their organization has. */
export const ping = async (deps: Pick<SchedulingDeps, 'db' | 'clock'>, ctx: RequestContext): Promise<SchedulingPing> => ({
  service: 'scheduling',
  orgId: ctx.orgId,
  role: ctx.role,
  examples: await countExamples(deps.db, ctx.orgId),
  at: deps.clock().toISOString(),
});
