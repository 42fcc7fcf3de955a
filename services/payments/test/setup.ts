import { topicOf, topicSpecs } from '@akhada/contracts';
import { DEFAULT_TIME_ZONE } from '@akhada/kit/domain';
import { bootServiceForTest, type createTestKeys } from '@akhada/kit/testing';
import type { Insertable } from 'kysely';
import { randomUUID } from 'node:crypto';
import { createInvoiceMailer, type InvoiceMail, type InvoiceMailer } from '../src/adapters/invoice-mailer.ts';
import { razorpayErrorToAppError, verifyPaymentSignature, verifyWebhookSignature } from '../src/adapters/razorpay.ts';
import type { RazorpayApi, RazorpayPort } from '../src/adapters/razorpay-port.ts';
import { createSecretBox } from '../src/adapters/secret-box.ts';
import type { PaymentsDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { migrations } from '../src/db/migrations.ts';
import type { PayMembersTable, PaymentsDb, PaymentsTable } from '../src/db/schema.ts';

/** The subscriptions part of a fake Razorpay client that a test never calls (a call fails the test). */
export const unusedAutopayApi: Pick<RazorpayApi, 'plans' | 'subscriptions'> = {
  plans: { create: () => Promise.reject(new Error('plans.create was not expected')) },
  subscriptions: {
    create: () => Promise.reject(new Error('subscriptions.create was not expected')),
    fetch: () => Promise.reject(new Error('subscriptions.fetch was not expected')),
    cancel: () => Promise.reject(new Error('subscriptions.cancel was not expected')),
    pause: () => Promise.reject(new Error('subscriptions.pause was not expected')),
    resume: () => Promise.reject(new Error('subscriptions.resume was not expected')),
  },
};

/** A Razorpay port for tests that never reach Razorpay: signatures are checked for real, the client is never made. */
export const noRazorpay: RazorpayPort = { client: () => ({}) as never, verifyPaymentSignature, verifyWebhookSignature, toAppError: razorpayErrorToAppError };

export interface PaymentsTestOptions extends Partial<Omit<PaymentsDeps, 'db' | 'directory'>> {
  /** Where the harness's settable clock starts (`clock` replaces it). */
  now?: string | number | Date;
  /** The consumer groups, in groups of this schema from now on: 'offline' without scheduling's purchases, 'online' with them. */
  consumers?: 'offline' | 'online';
  /** Test keys shared with something made before the service (a stub that verifies the same tokens). */
  keys?: Awaited<ReturnType<typeof createTestKeys>>;
}

/**
 * One payments service for a test file (the kit's harness): the whole app (inject) with test dependencies — a secret
 * box, a Razorpay port that is never called, an unreachable Checkout, the SMTP mailer — each replaced by an option of
 * the same name, and the consumer groups when asked.
 */
export const bootPayments = async (prefix: string, { now, consumers, keys, ...given }: PaymentsTestOptions = {}) =>
  bootServiceForTest<PaymentsDb, Omit<PaymentsDeps, 'directory'>, ReturnType<typeof buildApp>>({
    name: 'payments',
    prefix,
    migrations,
    ...(now === undefined ? {} : { now }),
    ...(keys ? { keys } : {}),
    deps: async ({ db, clock, schema, runtime, logger, onClose }) => {
      const deps = {
        db,
        clock,
        timeZone: DEFAULT_TIME_ZONE,
        secrets: createSecretBox('integration-test-secret-key'),
        razorpay: noRazorpay,
        checkoutScriptUrl: 'http://127.0.0.1:9/checkout.js',
        publicUrl: 'http://app.test',
        mailer: createInvoiceMailer(),
        ...given,
      };
      if (consumers) {
        const bus = runtime!.bus;
        const groups = ['members', 'trainers', 'sales', 'auth', 'purchases', 'plans'] as const;
        const read = (['members', 'trainers', 'inventory', 'auth', 'scheduling'] as const).map((t) => topicOf(t));
        await bus.ensureTopics(topicSpecs().filter((t) => read.includes(t.topic)));
        const running = await startConsumers({
          bus,
          db,
          logger,
          groups: Object.fromEntries(groups.map((g) => [g, `${schema}.${g}`])),
          startAt: 'now',
          ...(consumers === 'online' ? { online: deps } : {}),
        });
        onClose(async () => {
          for (const c of running) await c.stop();
          await bus.deleteGroups((g) => g.includes(schema));
        });
      }
      return deps;
    },
    buildApp,
  });

/**
 * One payments service for an invoices test file: bootPayments at 10 May 2026, a mailer that records what it sent (and
 * forwards it when given a real one), directory rows, payments rows and members.
 */
export const bootInvoices = async (prefix: string, o: { mailer?: InvoiceMailer } = {}) => {
  const sent: InvoiceMail[] = [];
  const mailer: InvoiceMailer = {
    async send(m) {
      sent.push(m);
      await o.mailer?.send(m);
    },
  };
  const t = await bootPayments(prefix, { now: '2026-05-10T06:30:00Z', mailer });
  const { db, time } = t;
  const org = (orgId: string, locations: string[]) =>
    t.seed({ orgs: [{ orgId }], locations: locations.map((locationId) => ({ locationId, orgId, name: 'Akhada Baner' })) });
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
      referral_credit_paise: 0,
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
  return { ...t, sent, org, payment, member };
};

/** A valid GSTIN of a state (check character computed). */
export { gstinCheckCharacter } from '../src/domain/tax/gstin.ts';
