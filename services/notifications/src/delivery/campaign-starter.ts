import { periodicJob, type Logger } from '@akhada/kit';
import { startDueCampaigns } from '../app/campaigns.ts';
import type { CampaignsDeps } from '../app/deps.ts';

/**
 * Starts scheduled campaigns when their time comes: each is resolved and queued in one transaction (SKIP LOCKED, so
 * two instances never start one twice), then the outbound sender sends it at its rate.
 */
export const startCampaignStarter = (o: Pick<CampaignsDeps, 'db' | 'clock'> & { logger: Logger; intervalMs?: number }): { stop(): Promise<void> } => {
  const job = periodicJob({
    name: 'campaign starter',
    intervalMs: o.intervalMs ?? 15_000,
    logger: o.logger,
    run: async () => {
      while ((await startDueCampaigns(o, o.clock())) > 0);
    },
  });
  return { stop: job.stop };
};
