// prepareQuery against the real PostgreSQL: the values reach the right parameters, the statement really is prepared
// (once per connection), and a table changed under a prepared statement does not break the query.
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrate, prepareQuery, type DbHandle } from '../src/db/database.ts';
import type { KitTables } from '../src/db/kit-migrations.ts';
import { dropSchema, testInfra, uniqueSchema } from '../src/testing/infra.ts';

interface Db extends KitTables {
  things: { id: string; org_id: string; kind: string; n: number };
}

let dbh: DbHandle<Db>;
let databaseUrl: string;
const schema = uniqueSchema('kitprep');
const orgA = randomUUID();
const orgB = randomUUID();

beforeAll(async () => {
  ({ databaseUrl } = await testInfra());
  // One connection, so every run goes through the same backend and its prepared statements can be seen.
  dbh = createDb<Db>({ url: databaseUrl, schema, max: 1 });
  await migrate(dbh, {});
  await sql`create table things (id uuid primary key, org_id uuid not null, kind text not null, n int not null)`.execute(dbh.db);
  const rows = [
    { org_id: orgA, kind: 'a', n: 1 },
    { org_id: orgA, kind: 'b', n: 2 },
    { org_id: orgA, kind: 'a', n: 3 },
    { org_id: orgB, kind: 'a', n: 4 },
  ];
  await dbh.db
    .insertInto('things')
    .values(rows.map((r) => ({ id: randomUUID(), ...r })))
    .execute();
});

afterAll(async () => {
  await dbh?.close();
  await dropSchema(databaseUrl, schema);
});

describe('prepareQuery', () => {
  const byOrg = () =>
    prepareQuery((v: { orgs: string[]; kind: string; limit: number }) =>
      dbh.db
        .selectFrom('things')
        .selectAll()
        .where(sql<boolean>`org_id = any(${v.orgs}::uuid[])`)
        .where('kind', '=', v.kind)
        .where('n', '>', 0) // a constant the builder put in stays in its place among the parameters
        .orderBy('n')
        .limit(v.limit),
    );

  it('runs with the values of each call, as one named prepared statement per connection', async () => {
    const query = byOrg();
    const run = async (v: { orgs: string[]; kind: string; limit: number }) => (await dbh.db.executeQuery(query(v))).rows.map((r) => r.n);
    expect(await run({ orgs: [orgA], kind: 'a', limit: 10 })).toEqual([1, 3]);
    expect(await run({ orgs: [orgA, orgB], kind: 'a', limit: 10 })).toEqual([1, 3, 4]);
    expect(await run({ orgs: [orgA, orgB], kind: 'a', limit: 2 })).toEqual([1, 3]);
    expect(await run({ orgs: [orgB], kind: 'b', limit: 10 })).toEqual([]);
    const prepared = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(dbh.db);
    const ours = prepared.rows.filter((r) => r.statement.includes('"things"'));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.name).toMatch(/^akhada_\d+$/);
  });

  it('keeps working when the table changes under the prepared statement (a migration while the service runs)', async () => {
    const query = byOrg();
    const run = async () => (await dbh.db.executeQuery(query({ orgs: [orgA], kind: 'b', limit: 10 }))).rows;
    expect(await run()).toHaveLength(1);
    await sql`alter table things add column note text`.execute(dbh.db);
    const rows = await run(); // PostgreSQL refuses the old statement ("cached plan must not change result type"); it is prepared again
    expect(rows).toEqual([expect.objectContaining({ n: 2, note: null })]);
  });

  it('refuses a builder that reads a value in JavaScript instead of passing it to the query', () => {
    expect(() =>
      prepareQuery((v: { search: string }) => dbh.db.selectFrom('things').selectAll().where('kind', 'like', `%${v.search.toLowerCase()}%`)),
    ).toThrow();
  });

  it('survives a connection cut while a client is checked out (a database restart): the query fails, the process lives, the pool goes on', async () => {
    const client = await dbh.pool.connect();
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const closed = new Promise((resolve) => client.once('end', resolve));
    const inFlight = client.query('select pg_sleep(5)');
    const killer = createDb<Db>({ url: databaseUrl, schema, max: 1 });
    try {
      await sql`select pg_terminate_backend(${pid})`.execute(killer.db);
    } finally {
      await killer.close();
    }
    // Without the client's own 'error' listener pg emits the cut as an unhandled 'error' event: the test process dies.
    await expect(inFlight).rejects.toThrow(/terminat/);
    await closed; // the cut reached the client while it was still checked out
    client.release(true);
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from things`.execute(dbh.db)).rows[0]!.n)).toBe(4);
  });
});
