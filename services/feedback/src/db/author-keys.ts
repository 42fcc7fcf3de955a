import type { Executor } from '@akhada/kit';
import { createHmac, randomBytes } from 'node:crypto';
import type { FeedbackDb } from './schema.ts';

/**
 * An author's keyed hash: HMAC-SHA256 of their user id under their organization's secret. It finds a person's own
 * anonymous tickets and survey answers and counts them for the rate limit, while the rows staff read hold no id.
 */
export const authorKeyOf = async (db: Executor<FeedbackDb>, orgId: string, userId: string): Promise<string> => {
  let row = await db.selectFrom('author_secrets').select('secret').where('org_id', '=', orgId).executeTakeFirst();
  if (!row) {
    await db
      .insertInto('author_secrets')
      .values({ org_id: orgId, secret: randomBytes(32).toString('base64') })
      .onConflict((oc) => oc.column('org_id').doNothing())
      .execute();
    row = await db.selectFrom('author_secrets').select('secret').where('org_id', '=', orgId).executeTakeFirstOrThrow();
  }
  return createHmac('sha256', row.secret).update(userId).digest('base64url');
};

/** The caller's keyed hash for reads: null while the organization has no secret yet (then nobody has written anything). */
export const existingAuthorKeyOf = async (db: Executor<FeedbackDb>, orgId: string, userId: string): Promise<string | null> => {
  const row = await db.selectFrom('author_secrets').select('secret').where('org_id', '=', orgId).executeTakeFirst();
  return row ? createHmac('sha256', row.secret).update(userId).digest('base64url') : null;
};
