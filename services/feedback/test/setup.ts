import { bootServiceForTest } from '@akhada/kit/testing';
import type { FeedbackDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { FeedbackDb } from '../src/db/schema.ts';

/** One feedback service for a test file (the kit's harness): the app (inject), a settable clock, directory and people rows. */
export const bootFeedback = async (prefix: string) => {
  const t = await bootServiceForTest<FeedbackDb, Pick<FeedbackDeps, 'db' | 'clock'>, ReturnType<typeof buildApp>>({
    name: 'feedback',
    prefix,
    migrations,
    deps: ({ db, clock }) => ({ db, clock }),
    buildApp,
  });
  const org = (orgId: string, locations: string[]) => t.seed({ orgs: [{ orgId }], locations: locations.map((locationId) => ({ locationId, orgId })) });
  const member = (id: string, orgId: string, locationId: string, o: { firstName?: string; membershipType?: string; trainerId?: string } = {}) =>
    t.db
      .insertInto('members')
      .values({
        id,
        org_id: orgId,
        location_id: locationId,
        first_name: o.firstName ?? 'Asha',
        last_name: 'Rao',
        membership_type: o.membershipType ?? 'basic',
        trainer_id: o.trainerId ?? null,
        status: 'active',
        updated_at: new Date(),
      })
      .execute();
  const trainer = (id: string, orgId: string, locationId: string, firstName = 'Ravi') =>
    t.db
      .insertInto('trainers')
      .values({ id, org_id: orgId, location_id: locationId, first_name: firstName, last_name: 'Kumar', status: 'active', updated_at: new Date() })
      .execute();
  const staff = (id: string, orgId: string, firstName = 'Priya') =>
    t.db.insertInto('staff').values({ id, org_id: orgId, role: 'admin', first_name: firstName, last_name: 'Shah' }).execute();
  return { ...t, org, member, trainer, staff };
};
