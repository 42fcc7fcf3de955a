import { DashboardEvents, topicOf, type AuditArea, type EventDefinition, type EventEnvelope } from '@akhada/contracts';
import { enqueue, exclusiveLocks, makeEnvelope, metadataOf, on, type EventHandler } from '@akhada/kit';
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
export const figuresChanged = (trx: Trx, env: EventEnvelope<unknown>, o: ApplyOptions, area: AuditArea, locationId: string | null) =>
  figuresChangedMany(trx, [{ env, locationId }], o, area);

/**
 * The organizations' lock, taken BEFORE a handler writes anything of theirs and held until commit. The version row
 * stays locked until commit, and batches of several organizations' events (one per consumer and partition) would take
 * them in different orders: the kit's lock (sorted keys; a later event of a batch commits what came before it rather
 * than wait while holding them) orders that. Taken only at the version bump, after the handler's own rows (audit,
 * counters) were written, it deadlocked: a batch holding org A's lock waited for a counter row that a batch of another
 * partition had written and that batch waited for A's lock (77 'deadlock detected' in the chaos run's broker kill,
 * seed dev1-8, each batch then applied again in parts). Advisory locks are re-entrant within the transaction.
 */
export const lockOrganizations = (trx: Trx, orgs: readonly string[]) =>
  exclusiveLocks(
    trx as Transaction<unknown>,
    [...new Set(orgs)].sort().map((org) => `akhada.dashboard.org_version:${org}`),
  );

/** figuresChanged for several events of one area: the organizations' versions locked in one round trip, in order. */
export const figuresChangedMany = async (
  trx: Trx,
  changes: readonly { env: EventEnvelope<unknown>; locationId: string | null }[],
  o: ApplyOptions,
  area: AuditArea,
) => {
  const orgs = [...new Set(changes.map((c) => c.env.orgId))].filter((org) => firstIn(trx, `version ${org}`)).sort();
  await lockOrganizations(trx, orgs); // held since the handler began (handlersFor); taking it again is free
  for (const org of orgs) await bumpOrgVersion(trx, org);
  await announceChanged(trx, changes, o, area);
};

/**
 * Only the push (once per transaction, location and area), without a new version: for a change the cached overview does
 * not show (today's classes are a route of their own).
 */
export const announceChanged = async (
  trx: Trx,
  changes: readonly { env: EventEnvelope<unknown>; locationId: string | null }[],
  o: ApplyOptions,
  area: AuditArea,
) => {
  if (!o.announce) return;
  for (const { env, locationId } of changes) {
    if (!firstIn(trx, `announce ${env.orgId} ${locationId ?? ''} ${area}`)) continue;
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
  }
};

const isDefinition = (v: unknown): v is EventDefinition<string, z.ZodType> =>
  typeof v === 'object' && v !== null && 'type' in v && 'data' in v && 'version' in v && typeof (v as { type: unknown }).type === 'string';

type Specific = (trx: Trx, env: EventEnvelope<never>) => Promise<unknown>;
/** A type's projecting for a run of its events at once (multi-row statements), with the effect of Specific on each in order. */
type SpecificMany = (trx: Trx, envs: EventEnvelope<never>[]) => Promise<unknown>;

const auditRowOf = (area: AuditArea, env: EventEnvelope<unknown>) => ({
  event_id: env.eventId,
  org_id: env.orgId,
  location_id: env.locationId ?? null,
  area,
  type: env.type,
  actor_id: env.actorId ?? null,
  subject_id: env.aggregateId,
  occurred_at: new Date(env.occurredAt),
});

/**
 * Handlers for every event type of a service's events module: each writes its audit line (who = the event's actor,
 * what = its type, which = its id, on what = its aggregate) and then does its own projecting, if it has any. A run of
 * the module's events in one consumer batch is applied together (see the kit's `many`): one audit statement, and the
 * types with a `specificMany` one call per run of that type (a burst of check-ins is three statements, not three each).
 */
export const handlersFor = (
  area: AuditArea,
  module: Record<string, unknown>,
  specific: Record<string, Specific>,
  skip: (env: EventEnvelope<unknown>) => boolean = () => false,
  specificMany: Record<string, SpecificMany> = {},
): EventHandler<DashboardDb>[] => {
  const defs = Object.values(module).filter(isDefinition);
  const defOf = new Map(defs.map((d) => [d.type, d]));
  const many = async (trx: Trx, raw: EventEnvelope<unknown>[]) => {
    const envs = raw.map((env) => ({ ...env, data: defOf.get(env.type)!.data.parse(env.data) as unknown })).filter((env) => !skip(env));
    await lockOrganizations(
      trx,
      envs.map((env) => env.orgId),
    );
    await addAudit(
      trx,
      envs.map((env) => auditRowOf(area, env)),
    );
    for (let i = 0; i < envs.length;) {
      const type = envs[i]!.type;
      let j = i + 1;
      while (j < envs.length && envs[j]!.type === type) j += 1;
      const run = envs.slice(i, j) as EventEnvelope<never>[];
      const batch = specificMany[type];
      if (batch) await batch(trx, run);
      else for (const env of run) await specific[type]?.(trx, env);
      i = j;
    }
  };
  return defs.map((def) => ({
    ...on(def, async (trx: Trx, env) => {
      if (skip(env)) return;
      await lockOrganizations(trx, [env.orgId]);
      await addAudit(trx, auditRowOf(area, env));
      await specific[def.type]?.(trx, env as EventEnvelope<never>);
    }),
    many,
  }));
};
