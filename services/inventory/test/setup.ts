import { peopleOwners } from '@akhada/kit';
import { bootServiceForTest, startPeopleOwnerStub } from '@akhada/kit/testing';
import type { InventoryDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { InventoryDb } from '../src/db/schema.ts';

type Owner = Awaited<ReturnType<typeof startPeopleOwnerStub>>;

/**
 * One inventory service for a test file (the kit's harness): the app (inject), a settable clock, directory and people
 * rows. With `owner`, the members service is a contract stand-in on a real port (the kit's startPeopleOwnerStub) for the
 * read-through of a buyer the people copy lacks.
 */
export const bootInventory = async (prefix: string, o: { owner?: boolean } = {}) => {
  let owner: Owner | undefined;
  const t = await bootServiceForTest<InventoryDb, Omit<InventoryDeps, 'directory'>, ReturnType<typeof buildApp>>({
    name: 'inventory',
    prefix,
    migrations,
    now: '2026-05-10T06:30:00.000Z',
    deps: async ({ db, clock, keys, onClose }) => {
      if (!o.owner) return { db, clock };
      const stub = await startPeopleOwnerStub(keys.keys);
      owner = stub;
      onClose(() => stub.close());
      return { db, clock, people: peopleOwners({ MEMBERS_URL: stub.url, TRAINERS_URL: stub.url }) };
    },
    buildApp,
  });
  const org = (orgId: string, locations: string[]) => t.seed({ orgs: [{ orgId }], locations: locations.map((locationId) => ({ locationId, orgId })) });
  const person = (id: string, orgId: string, kind: 'member' | 'trainer', locationId: string, name: string) =>
    t.db.insertInto('people').values({ id, org_id: orgId, kind, location_id: locationId, name, archived: false }).execute();
  return { ...t, org, person, owner };
};
