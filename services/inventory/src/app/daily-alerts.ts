import { ConcurrencyError, executeCommand, newId, periodicJob, type Logger } from '@akhada/kit';
import { itemAggregate } from '../aggregates/item.ts';
import { daysBetween, nextServiceDue } from '../domain/item/decider.ts';
import { todayAt, type InventoryDeps } from './deps.ts';

/** How many days before its expiry a batch is announced (`inventory.batch_expiring`). */
export const EXPIRY_ALERT_DAYS = 30;

/**
 * The daily check: every live item's batches expiring within 30 days (or expired) and equipment whose service is due
 * are raised once each (`inventory.batch_expiring`, `inventory.maintenance_due`), through the aggregate. Safe with
 * several instances at once: the decider raises nothing already raised, and a second instance writing the same
 * stream loses the race (ConcurrencyError, skipped). Returns how many alerts it raised.
 */
export const raiseDailyAlerts = async (deps: Pick<InventoryDeps, 'db' | 'clock' | 'directory'> & { logger?: Logger }): Promise<number> => {
  const rows = await deps.db
    .selectFrom('items')
    .select(['id', 'org_id', 'location_id', 'state'])
    .where('archived', '=', false)
    .where('status', '!=', 'disposed')
    .execute();
  const runId = newId();
  const at = deps.clock().toISOString();
  const todays = new Map<string, string>();
  let raised = 0;
  for (const row of rows) {
    if (!todays.has(row.location_id)) todays.set(row.location_id, await todayAt(deps, row.location_id));
    const today = todays.get(row.location_id)!;
    const s = row.state;
    const commands = [
      ...s.batches
        .filter((b) => b.expiryDate && b.quantity > 0 && daysBetween(today, b.expiryDate) <= EXPIRY_ALERT_DAYS && !s.alertedBatches.includes(b.id))
        .map((b) => ({ type: 'AlertBatchExpiring' as const, data: { batchId: b.id, today, at } })),
      ...((nextServiceDue(s.details.equipment) ?? '9999') <= today ? [{ type: 'AlertMaintenanceDue' as const, data: { today, at } }] : []),
    ];
    for (const command of commands) {
      try {
        const { events } = await executeCommand(
          deps.db,
          itemAggregate,
          row.id,
          command,
          { orgId: row.org_id, locationId: row.location_id, correlationId: runId, causationId: runId },
          { maxRetries: 0 },
        );
        raised += events.length;
      } catch (err) {
        if (err instanceof ConcurrencyError) continue;
        deps.logger?.error({ err, itemId: row.id }, 'could not raise inventory alert');
      }
    }
  }
  return raised;
};

/** Runs raiseDailyAlerts every `intervalMs` (default hourly, one run at a time, the kit's periodicJob; each alert is raised once). */
export const startAlertJob = (deps: Parameters<typeof raiseDailyAlerts>[0], { intervalMs = 3_600_000 } = {}) =>
  periodicJob({ name: 'inventory alert', intervalMs, logger: deps.logger, run: () => raiseDailyAlerts(deps) });
