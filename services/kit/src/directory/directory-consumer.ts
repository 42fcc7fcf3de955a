import { AuthEvents, topicOf } from '@akhada/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { KitTables } from '../db/kit-migrations.ts';
import { on, runConsumer, type EventHandler, type StartedConsumer } from '../events/consumer.ts';
import type { EventBus } from '../events/kafka.ts';
import type { Logger } from '../logger.ts';
import type { Directory } from './directory.ts';

/**
 * The handlers that project auth's organization and location events into the kit tables. Upserts: a redelivered or
 * replayed event changes nothing, and an organization's row only takes an event at least as recent as what it holds.
 */
export const directoryHandlers = (onChanged: (orgId: string) => void = () => {}): EventHandler<KitTables>[] => {
  const upsertOrganization = async (trx: Transaction<KitTables>, v: { orgId: string; plan: string; trialEndsAt: string | null; at: string }) => {
    await trx
      .insertInto('kit_organizations')
      .values({ org_id: v.orgId, plan: v.plan, trial_ends_at: v.trialEndsAt ? new Date(v.trialEndsAt) : null, updated_at: new Date(v.at) })
      .onConflict((oc) =>
        oc
          .column('org_id')
          .doUpdateSet((eb) => ({ plan: eb.ref('excluded.plan'), trial_ends_at: eb.ref('excluded.trial_ends_at'), updated_at: eb.ref('excluded.updated_at') }))
          .where('kit_organizations.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
      )
      .execute();
    onChanged(v.orgId);
  };
  return [
    on(AuthEvents.OrganizationCreated, (trx, env) =>
      upsertOrganization(trx, { orgId: env.data.orgId, plan: env.data.plan, trialEndsAt: env.data.trialEndsAt, at: env.occurredAt }),
    ),
    on(AuthEvents.OrganizationPlanChanged, (trx, env) =>
      upsertOrganization(trx, { orgId: env.data.orgId, plan: env.data.plan, trialEndsAt: env.data.trialEndsAt, at: env.occurredAt }),
    ),
    on(AuthEvents.LocationCreated, async (trx, env) => {
      const d = env.data;
      await trx
        .insertInto('kit_locations')
        .values({ location_id: d.locationId, org_id: d.orgId, name: d.name, city: d.city, timezone: d.timezone })
        .onConflict((oc) => oc.column('location_id').doUpdateSet({ name: d.name, city: d.city, timezone: d.timezone }))
        .execute();
    }),
    // Gym settings renamed a location or moved its timezone: every service's directory follows.
    on(AuthEvents.LocationUpdated, async (trx, env) => {
      const d = env.data;
      await trx
        .insertInto('kit_locations')
        .values({ location_id: d.locationId, org_id: d.orgId, name: d.name, city: d.city, timezone: d.timezone })
        .onConflict((oc) => oc.column('location_id').doUpdateSet({ name: d.name, city: d.city, timezone: d.timezone }))
        .execute();
      onChanged(d.orgId);
    }),
  ];
};

/**
 * Follows the auth topic from its beginning under the group `<schema>.directory` and keeps the directory tables of that
 * schema current. bootRuntime starts it for every service: a service's schema is its name, so the group is
 * `<service>.directory`, shared by its instances; a test runtime in a schema of its own gets a group of its own, so it
 * never takes partitions (or offsets) from a running service or another test.
 */
export const startDirectoryConsumer = <DB extends KitTables>({
  bus,
  db,
  schema,
  logger,
  directory,
}: {
  bus: EventBus;
  db: Kysely<DB>;
  /** The schema whose kit tables it writes; names the group and the inbox consumer. */
  schema: string;
  logger: Logger;
  directory?: Pick<Directory, 'forget'>;
}): Promise<StartedConsumer> =>
  runConsumer<KitTables>({
    bus,
    db: db as unknown as Kysely<KitTables>,
    name: `${schema}.directory`,
    topics: [topicOf('auth')],
    handlers: directoryHandlers((orgId) => directory?.forget(orgId)),
    logger,
    from: 'beginning',
  });
