import type { Executor } from '@akhada/kit';
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

export const linkIdentity = async (db: Executor<AuthDb>, row: AuthDb['user_identities']) => {
  await db
    .insertInto('user_identities')
    .values(row)
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute();
};
