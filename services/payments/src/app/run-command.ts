import { AppError, executeCommand, executeCommandIn, isUniqueViolation, metadataOf, notFound, type EventMetadata, type RequestContext } from '@akhada/kit';
import type { Kysely, Transaction } from 'kysely';
import { paymentAggregate } from '../aggregates/payment.ts';
import { RAZORPAY_PAYMENT_UNIQUE, REMINDER_UNIQUE, SALARY_UNIQUE } from '../db/migrations.ts';
import type { PaymentsDb, PaymentsTable } from '../db/schema.ts';
import type { PaymentCommand } from '../domain/payment/decider.ts';

/** A Razorpay payment id already on another payment: one Razorpay payment pays one payment, never two. */
export const razorpayPaymentTaken = (): AppError =>
  new AppError(409, 'CONFLICT', 'This Razorpay payment is recorded on another payment already. Nothing was changed.');

/** The read table's unique keys as the caller's errors. */
const mapUnique = (err: unknown): unknown => {
  if (isUniqueViolation(err, SALARY_UNIQUE)) return new AppError(409, 'SALARY_ALREADY_PAID', 'A salary for this trainer and month is recorded already');
  if (isUniqueViolation(err, REMINDER_UNIQUE)) return new AppError(429, 'REMINDER_ALREADY_SENT', 'This member was reminded today already. Try again tomorrow.');
  if (isUniqueViolation(err, RAZORPAY_PAYMENT_UNIQUE)) return razorpayPaymentTaken();
  return err;
};

const reload = async (db: Kysely<PaymentsDb> | Transaction<PaymentsDb>, id: string): Promise<PaymentsTable> => {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Payment');
  return row as PaymentsTable;
};

/** One command on a payment's stream in its own transaction (retried on a concurrent append); the row as it now is. */
export const runPaymentCommand = async (
  db: Kysely<PaymentsDb>,
  paymentId: string,
  command: PaymentCommand,
  metadata: EventMetadata,
): Promise<PaymentsTable> => {
  try {
    await executeCommand(db, paymentAggregate, paymentId, command, metadata);
  } catch (err) {
    throw mapUnique(err);
  }
  return reload(db, paymentId);
};

/** The same inside a transaction the caller holds (consumers, the webhook's de-dup transaction). */
export const runPaymentCommandIn = async (trx: Transaction<PaymentsDb>, paymentId: string, command: PaymentCommand, metadata: EventMetadata) => {
  try {
    return await executeCommandIn(trx, paymentAggregate, paymentId, command, metadata);
  } catch (err) {
    throw mapUnique(err);
  }
};

/** A staff command on a payment the caller may change. */
export const staffMetadata = (ctx: RequestContext, row: Pick<PaymentsTable, 'location_id'>) => metadataOf(ctx, { locationId: row.location_id });
