import { type Role } from '@akhada/contracts';
import { BaseConfig, bootRuntime, createService, createTokenVerifier, type Runtime } from '@akhada/kit';
import { createTestKeys, dropSchema, testInfra, uniqueSchema } from '@akhada/kit/testing';
import { sql, type Insertable } from 'kysely';
import { randomUUID } from 'node:crypto';
import { migrations } from '../src/db/migrations.ts';
import type { PayMembersTable, PaymentsDb, PaymentsTable } from '../src/db/schema.ts';
import { registerInvoiceRoutes } from '../src/http/routes.ts';
import type { InvoiceMail, InvoiceMailer } from '../src/adapters/invoice-mailer.ts';

/**
 * One payments service for an invoices test file: its own schema, the invoice routes on an app (inject), a settable
 * clock, a mailer that records what it sent (and forwards it when given a real one), directory rows, payments rows.
 * The payments read table and the members copy belong to the payments part of the service; until its migrations
 * exist, they are created here with the columns db/schema.ts declares (a no-op once the real ones ran).
 */
export const bootInvoices = async (prefix: string, o: { mailer?: InvoiceMailer } = {}) => {
  const infra = await testInfra();
  const schema = uniqueSchema(prefix);
  const keys = await createTestKeys();
  const config = BaseConfig.parse({
    DATABASE_URL: infra.databaseUrl,
    KAFKA_BROKERS: infra.brokers.join(','),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    INSTANCE_ID: schema,
  });
  const runtime: Runtime<PaymentsDb> = await bootRuntime<PaymentsDb>({
    name: 'payments',
    config,
    schema,
    migrations,
    verifier: createTokenVerifier({ keys: keys.keys }),
  });
  const db = runtime.dbh.db;
  await sql`create table if not exists payments (
    id uuid primary key, org_id uuid not null, location_id uuid not null, category text not null, type text not null, status text not null,
    member_id uuid, trainer_id uuid, member_name text not null, trainer_name text not null, amount_paise bigint not null, gst_paise bigint not null,
    total_paise bigint not null, refunded_paise bigint not null, method text not null, description text not null, notes text not null,
    membership_type text, period_start date, period_end date, payment_frequency text, salary_month int, salary_year int, due_date date,
    paid_at timestamptz, source text not null, source_id text, razorpay_order_id text, razorpay_payment_id text, razorpay_link_id text,
    razorpay_link_url text, invoice_id uuid, invoice_number text, history jsonb not null, created_by_id uuid, created_by_name text,
    created_at timestamptz not null, updated_at timestamptz not null, version int not null)`.execute(db);
  await sql`create table if not exists pay_members (
    id uuid primary key, org_id uuid not null, location_id uuid not null, first_name text not null, last_name text not null, email text not null,
    phone text not null, membership_type text not null, payment_frequency text not null, fee_paise bigint not null, start_date date not null,
    end_date date not null, status text not null, trainer_id uuid, locale text, updated_at timestamptz not null)`.execute(db);
  const time = { now: Date.parse('2026-05-10T06:30:00Z') };
  const clock = () => new Date(time.now);
  const sent: InvoiceMail[] = [];
  const mailer: InvoiceMailer = {
    async send(m) {
      sent.push(m);
      await o.mailer?.send(m);
    },
  };
  const svc = createService({ name: 'payments', logger: runtime.logger, verifier: runtime.verifier, readiness: runtime.readiness });
  registerInvoiceRoutes(svc, { db, clock, mailer });
  const app = svc.app;
  await app.ready();
  const close = async () => {
    await app.close();
    for (const c of runtime.closers) await c().catch(() => undefined);
    await dropSchema(infra.databaseUrl, schema);
  };
  const org = async (orgId: string, locations: string[]) => {
    await sql`insert into kit_organizations (org_id, plan, trial_ends_at, updated_at) values (${orgId}, 'pro', null, now())`.execute(db);
    for (const id of locations)
      await sql`insert into kit_locations (location_id, org_id, name, city, timezone) values (${id}, ${orgId}, 'Akhada Baner', 'Pune', 'Asia/Kolkata')`.execute(
        db,
      );
  };
  const payment = async (p: Partial<Insertable<PaymentsTable>> & { org_id: string; location_id: string }) => {
    const now = new Date(time.now);
    const row: Insertable<PaymentsTable> = {
      id: randomUUID(),
      category: 'member',
      type: 'membership_fee',
      status: 'completed',
      member_id: null,
      trainer_id: null,
      member_name: 'Priya Deshpande',
      trainer_name: '',
      amount_paise: 200_000,
      gst_paise: 10_000,
      total_paise: 210_000,
      refunded_paise: 0,
      method: 'upi',
      description: 'Premium quarterly',
      notes: '',
      membership_type: 'premium',
      period_start: null,
      period_end: null,
      payment_frequency: null,
      salary_month: null,
      salary_year: null,
      due_date: null,
      paid_at: now,
      source: 'staff',
      source_id: null,
      razorpay_order_id: null,
      razorpay_payment_id: null,
      razorpay_link_id: null,
      razorpay_link_url: null,
      invoice_id: null,
      invoice_number: null,
      history: JSON.stringify([]),
      created_by_id: null,
      created_by_name: null,
      created_at: now,
      updated_at: now,
      version: 1,
      ...p,
    };
    await db.insertInto('payments').values(row).execute();
    return row.id;
  };
  const member = async (m: Partial<Insertable<PayMembersTable>> & { id: string; org_id: string; location_id: string }) =>
    db
      .insertInto('pay_members')
      .values({
        first_name: 'Priya',
        last_name: 'Deshpande',
        email: `${m.id.slice(0, 8)}@example.in`,
        phone: '9876543210',
        membership_type: 'premium',
        payment_frequency: 'quarterly',
        fee_paise: 200_000,
        start_date: '2026-05-01',
        end_date: '2026-07-31',
        status: 'active',
        trainer_id: null,
        locale: null,
        updated_at: new Date(),
        ...m,
      })
      .execute();
  const sign = (orgId: string, role: Role, locationIds: string[], userId?: string) =>
    keys.sign({ orgId, role, locationIds, ...(userId ? { userId } : {}), name: `Test ${role}` });
  return { infra, schema, runtime, db, app, time, clock, sent, close, org, payment, member, sign };
};

/** A valid GSTIN of a state (check character computed). */
export { gstinCheckCharacter } from '../src/domain/tax/gstin.ts';
