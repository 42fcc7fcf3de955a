import { AppError, isUniqueViolation, metadataOf, notFound, type Executor, type RequestContext } from '@akhada/kit';
import { RAZORPAY_PAYMENT_UNIQUE, REMINDER_UNIQUE, SALARY_UNIQUE } from '../db/migrations.ts';
import type { PaymentsDb, PaymentsTable } from '../db/schema.ts';

/** A Razorpay payment id already on another payment: one Razorpay payment pays one payment, never two. */
export const razorpayPaymentTaken = (): AppError =>
  new AppError(409, 'CONFLICT', 'This Razorpay payment is recorded on another payment already. Nothing was changed.');

/** The payments table's unique keys as the caller's errors: the `mapError` of every payment command. */
export const paymentUniques = (err: unknown): unknown => {
  if (isUniqueViolation(err, SALARY_UNIQUE)) return new AppError(409, 'SALARY_ALREADY_PAID', 'A salary for this trainer and month is recorded already');
  if (isUniqueViolation(err, REMINDER_UNIQUE)) return new AppError(429, 'REMINDER_ALREADY_SENT', 'This member was reminded today already. Try again tomorrow.');
  if (isUniqueViolation(err, RAZORPAY_PAYMENT_UNIQUE)) return razorpayPaymentTaken();
  return err;
};

/** A payment's row as it now is (after a command). */
export const paymentRow = async (db: Executor<PaymentsDb>, id: string): Promise<PaymentsTable> => {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Payment');
  return row as PaymentsTable;
};

/** A staff command on a payment the caller may change. */
export const staffMetadata = (ctx: RequestContext, row: Pick<PaymentsTable, 'location_id'>) => metadataOf(ctx, { locationId: row.location_id });
