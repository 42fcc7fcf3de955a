import { DashboardEvents, topicOf, type AuditArea, type EventDefinition, type EventEnvelope } from '@akhada/contracts';
import { enqueue, exclusiveLock, makeEnvelope, metadataOf, on, type EventHandler } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { addAudit, bumpOrgVersion } from '../db/read-model-repo.ts';
import type { DashboardDb } from '../db/schema.ts';

export type Trx = Transaction<DashboardDb>;

/** How the handlers run: live (they tell the hubs that figures changed) or replaying the topics (they do not). */
export interface ApplyOptions {
  announce: boolean;
}

/**
 * What a transaction did already: the kit applies a partition's batch of events in one transaction, and its readers
 * see the batch at once at commit, so one version bump per organization and one announcement per location and area
 * say all of it (a burst of check-ins was one bump, one outbox row, one Kafka message and one socket push each).
 */
const doneIn = new WeakMap<Trx, Set<string>>();
const firstIn = (trx: Trx, key: string): boolean => {
  let done = doneIn.get(trx);
  if (!done) doneIn.set(trx, (done = new Set()));
  if (done.has(key)) return false;
  done.add(key);
  return true;
};

/** After a change of an organization's figures: a new version (cached overviews are stale) and, live, a push — once per transaction. */
export const figuresChanged = async (trx: Trx, env: EventEnvelope<unknown>, o: ApplyOptions, area: AuditArea, locationId: string | null) => {
  if (firstIn(trx, `version ${env.orgId}`)) {
    // The version row stays locked until commit, and batches of several organizations' events (one per consumer and
    // partition) would take them in different orders and deadlock: the kit's lock makes a later event of a batch
    // commit what came before it rather than wait while holding them.
    await exclusiveLock(trx as Transaction<unknown>, `akhada.dashboard.org_version:${env.orgId}`);
    await bumpOrgVersion(trx, env.orgId);
  }
  if (!o.announce || !firstIn(trx, `announce ${env.orgId} ${locationId ?? ''} ${area}`)) return;
  await enqueue(
    trx,
    topicOf('dashboard'),
    makeEnvelope(DashboardEvents.FiguresChanged, {
      ...metadataOf(env, { locationId: locationId ?? undefined }),
      aggregateId: env.orgId,
      occurredAt: env.occurredAt,
      data: { locationId, area },
    }),
  );
};

const isDefinition = (v: unknown): v is EventDefinition<string, z.ZodType> =>
  typeof v === 'object' && v !== null && 'type' in v && 'data' in v && 'version' in v && typeof (v as { type: unknown }).type === 'string';

type Specific = (trx: Trx, env: EventEnvelope<never>) => Promise<unknown>;

/**
 * Handlers for every event type of a service's events module: each writes its audit line (who = the event's actor,
 * what = its type, which = its id, on what = its aggregate) and then does its own projecting, if it has any.
 */
export const handlersFor = (
  area: AuditArea,
  module: Record<string, unknown>,
  specific: Record<string, Specific>,
  skip: (env: EventEnvelope<unknown>) => boolean = () => false,
): EventHandler<DashboardDb>[] =>
  Object.values(module)
    .filter(isDefinition)
    .map((def) =>
      on(def, async (trx: Trx, env) => {
        if (skip(env)) return;
        await addAudit(trx, {
          event_id: env.eventId,
          org_id: env.orgId,
          location_id: env.locationId ?? null,
          area,
          type: env.type,
          actor_id: env.actorId ?? null,
          subject_id: env.aggregateId,
          occurred_at: new Date(env.occurredAt),
        });
        await specific[def.type]?.(trx, env as EventEnvelope<never>);
      }),
    );
