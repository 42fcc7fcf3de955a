import { notFound, type Executor, type RequestContext } from '@akhada/kit';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { PaymentsDb, PaymentsTable } from '../db/schema.ts';

/**
 * What a caller may see of the payments, from the token only: staff the payments of their organization's locations
 * they may manage; a member their own member payments; a trainer the payments made to them.
 */
export const scopePayments = <O>(q: SelectQueryBuilder<PaymentsDb, 'payments', O>, ctx: RequestContext): SelectQueryBuilder<PaymentsDb, 'payments', O> => {
  const inOrg = q.where('payments.org_id', '=', ctx.orgId);
  if (ctx.role === 'owner' || ctx.role === 'admin') {
    return ctx.locationIds.length
      ? inOrg.where('payments.location_id', 'in', ctx.locationIds)
      : inOrg.where((eb: ExpressionBuilder<PaymentsDb, 'payments'>) => eb.val(false));
  }
  // A member: their own membership payments, and their own purchases (category other: the shop's orders, paid with Pay now).
  if (ctx.role === 'member') return inOrg.where('payments.member_id', '=', ctx.userId).where('payments.category', 'in', ['member', 'other']);
  return inOrg.where('payments.trainer_id', '=', ctx.userId).where('payments.category', '=', 'trainer');
};

/**
 * A payment the caller may see, and staff may change (which roles may change one is the route contract's, checked by
 * addRoute); anything else (another organization's or location's, another member's) is 404.
 */
export const visiblePayment = async (db: Executor<PaymentsDb>, ctx: RequestContext, id: string): Promise<PaymentsTable> => {
  const row = await scopePayments(db.selectFrom('payments').selectAll(), ctx).where('payments.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Payment');
  return row as PaymentsTable;
};

/** The caller as the actor of an event. */
export const actorOf = (ctx: RequestContext) => ({ id: ctx.userId, name: ctx.name });
