import type { Executor } from '@akhada/kit';
import type { Insertable } from 'kysely';
import type { AuthDb } from './schema.ts';

export const insertOidcFlow = async (db: Executor<AuthDb>, row: Omit<AuthDb['oidc_flows'], 'used_at' | 'user_id'>) => {
  await db
    .insertInto('oidc_flows')
    .values({ ...row, used_at: null, user_id: null })
    .execute();
};

/** Flows over for a day are of no use to anyone. */
export const pruneOidcFlows = async (db: Executor<AuthDb>, before: Date) => {
  await db.deleteFrom('oidc_flows').where('expires_at', '<', before).execute();
};

export const oidcFlowForUpdate = (db: Executor<AuthDb>, id: string) =>
  db.selectFrom('oidc_flows').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const markOidcFlowUsed = async (db: Executor<AuthDb>, id: string, at: Date) => {
  await db.updateTable('oidc_flows').set({ used_at: at }).where('id', '=', id).execute();
};

/** The flow found its account, which signs in with a second step: the same flow takes the code. */
export const holdOidcFlowForSecondStep = async (db: Executor<AuthDb>, id: string, userId: string) => {
  await db.updateTable('oidc_flows').set({ user_id: userId }).where('id', '=', id).execute();
};

export const deleteOidcFlow = async (db: Executor<AuthDb>, id: string) => {
  await db.deleteFrom('oidc_flows').where('id', '=', id).execute();
};

export const userIdOfIdentity = async (db: Executor<AuthDb>, provider: string, subject: string) =>
  (await db.selectFrom('user_identities').select('user_id').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst())?.user_id ??
  null;

export const linkIdentity = async (db: Executor<AuthDb>, row: Insertable<AuthDb['user_identities']>) => {
  await db
    .insertInto('user_identities')
    .values(row)
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute();
};

/** The Google accounts linked to a user, oldest first. */
export const identitiesOf = (db: Executor<AuthDb>, userId: string) =>
  db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();

/** Unlinks one of the user's identities; false when the user has none with that id. */
export const unlinkIdentity = async (db: Executor<AuthDb>, userId: string, id: string): Promise<boolean> =>
  (await db.deleteFrom('user_identities').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()).numDeletedRows > 0n;

export const insertLinkTicket = async (db: Executor<AuthDb>, row: Omit<Insertable<AuthDb['google_link_tickets']>, 'used_at' | 'attempts'>) => {
  await db.deleteFrom('google_link_tickets').where('expires_at', '<', row.created_at).execute();
  await db
    .insertInto('google_link_tickets')
    .values({ ...row, used_at: null })
    .execute();
};

export const linkTicketForUpdate = (db: Executor<AuthDb>, tokenHash: string) =>
  db.selectFrom('google_link_tickets').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();

export const countLinkTicketAttempt = async (db: Executor<AuthDb>, tokenHash: string) => {
  await db
    .updateTable('google_link_tickets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .execute();
};

/** Spends a ticket; false when it was spent already (a parallel confirmation). */
export const useLinkTicket = async (db: Executor<AuthDb>, tokenHash: string, at: Date): Promise<boolean> =>
  (await db.updateTable('google_link_tickets').set({ used_at: at }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst())
    .numUpdatedRows > 0n;
