import type { PutRazorpayIntegrationBody } from '@akhada/contracts';
import { AppError, badRequest, type Executor, type RequestContext } from '@akhada/kit';
import type { PaymentsDb } from '../db/schema.ts';
import type { PaymentsDeps } from './deps.ts';

export interface OrgKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string | null;
}

/** The organization's Razorpay keys, decrypted; null when none are set. */
export const keysOf = async (db: Executor<PaymentsDb>, secrets: PaymentsDeps['secrets'], orgId: string): Promise<OrgKeys | null> => {
  const row = await db.selectFrom('razorpay_keys').selectAll().where('org_id', '=', orgId).executeTakeFirst();
  if (!row) return null;
  return {
    keyId: row.key_id,
    keySecret: secrets.open(row.key_secret_enc),
    webhookSecret: row.webhook_secret_enc ? secrets.open(row.webhook_secret_enc) : null,
  };
};

const notSetUp = (what: string) =>
  new AppError(409, 'RAZORPAY_NOT_CONFIGURED', `Online payments are not set up for this gym. The owner can add ${what} in Settings → Integrations.`);

/** The keys, for calls on a Razorpay payment that exists (a refund): the key id and secret. */
export const requireKeys = async (deps: Pick<PaymentsDeps, 'db' | 'secrets'>, orgId: string): Promise<OrgKeys> => {
  const keys = await keysOf(deps.db, deps.secrets, orgId);
  if (!keys) throw notSetUp('Razorpay keys');
  return keys;
};

/**
 * Keys that can take a new online payment (an order, a payment link): the key id and secret AND the webhook secret,
 * without which Razorpay's webhooks cannot be checked, so a member paying by link would stay pending.
 */
export const requireOnlineKeys = async (deps: Pick<PaymentsDeps, 'db' | 'secrets'>, orgId: string): Promise<OrgKeys> => {
  const keys = await requireKeys(deps, orgId);
  if (!keys.webhookSecret) throw notSetUp("the webhook secret set in Razorpay's dashboard");
  return keys;
};

const webhookUrl = (deps: Pick<PaymentsDeps, 'publicUrl'>) => `${deps.publicUrl.replace(/\/+$/, '')}/api/payments/razorpay/webhook`;

export const integrationView = async (deps: Pick<PaymentsDeps, 'db' | 'publicUrl'>, orgId: string) => {
  const row = await deps.db.selectFrom('razorpay_keys').selectAll().where('org_id', '=', orgId).executeTakeFirst();
  return {
    configured: !!row,
    keyId: row?.key_id ?? null,
    keySecretLast4: row?.key_secret_last4 ?? null,
    webhookSecretSet: !!row?.webhook_secret_enc,
    webhookUrl: webhookUrl(deps),
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
  };
};

export const getIntegration = async (deps: Pick<PaymentsDeps, 'db' | 'publicUrl'>, ctx: RequestContext) => {
  return integrationView(deps, ctx.orgId);
};

export const WEBHOOK_SECRET_REQUIRED = 'Enter the webhook secret you set in Razorpay';

/**
 * Stores the keys encrypted; a secret left out keeps the stored one. The key secret and the webhook secret are both
 * required until they are stored: Razorpay signs its webhooks with the webhook secret, so online payments stay off
 * without it.
 */
export const putIntegration = async (
  deps: Pick<PaymentsDeps, 'db' | 'publicUrl' | 'secrets' | 'clock'>,
  ctx: RequestContext,
  body: PutRazorpayIntegrationBody,
) => {
  const existing = await deps.db.selectFrom('razorpay_keys').selectAll().where('org_id', '=', ctx.orgId).executeTakeFirst();
  const missing = [
    ...(!existing && !body.keySecret ? [{ path: 'keySecret', message: 'Enter the key secret' }] : []),
    ...(!existing?.webhook_secret_enc && !body.webhookSecret ? [{ path: 'webhookSecret', message: WEBHOOK_SECRET_REQUIRED }] : []),
  ];
  if (missing.length) throw badRequest(missing[0]!.message, missing);
  const row = {
    org_id: ctx.orgId,
    key_id: body.keyId,
    key_secret_enc: body.keySecret ? deps.secrets.seal(body.keySecret) : existing!.key_secret_enc,
    key_secret_last4: body.keySecret ? body.keySecret.slice(-4) : existing!.key_secret_last4,
    webhook_secret_enc: body.webhookSecret ? deps.secrets.seal(body.webhookSecret) : (existing?.webhook_secret_enc ?? null),
    updated_by_id: ctx.userId,
    updated_at: deps.clock(),
  };
  await deps.db
    .insertInto('razorpay_keys')
    .values(row)
    .onConflict((oc) => oc.column('org_id').doUpdateSet(row))
    .execute();
  return integrationView(deps, ctx.orgId);
};

/** For every signed-in user: whether online payments are on (keys and webhook secret set; the app hides them otherwise). */
export const razorpayStatus = async (deps: Pick<PaymentsDeps, 'db'>, ctx: RequestContext) => {
  const row = await deps.db.selectFrom('razorpay_keys').select(['key_id', 'webhook_secret_enc']).where('org_id', '=', ctx.orgId).executeTakeFirst();
  const enabled = !!row?.webhook_secret_enc;
  return { enabled, keyId: enabled ? row!.key_id : null };
};
