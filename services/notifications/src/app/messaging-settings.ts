import type { MessagingSettings, PutEmailSettingsBody, PutSmsSettingsBody } from '@akhada/contracts';
import { AppError, badRequest, type RequestContext } from '@akhada/kit';
import { DeliveryError, type ChannelAdapter } from '../adapters/channels.ts';
import { isBlockedLiteral, MAIL_PORTS } from '../adapters/outbound-target.ts';
import { SETTINGS_TEST_STEM, SETTINGS_TEST_TEXT } from '../domain/whatsapp-templates.ts';
import type { IntegrationsDeps } from './deps.ts';

const last4 = (secret: string) => secret.slice(-4);

/** The organization's messaging settings as shown in Settings → Integrations: secrets only as "set, ending in …". */
export const getMessagingSettings = async ({ db }: Pick<IntegrationsDeps, 'db'>, orgId: string): Promise<MessagingSettings> => {
  const [email, sms, tests] = await Promise.all([
    db.selectFrom('org_email_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst(),
    db.selectFrom('org_sms_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst(),
    db.selectFrom('integration_tests').selectAll().where('org_id', '=', orgId).execute(),
  ]);
  const lastTest = (channel: 'email' | 'sms') => {
    const t = tests.find((x) => x.channel === channel);
    return t ? { ok: t.ok, at: t.at.toISOString(), message: t.message } : null;
  };
  return {
    email: {
      custom: !!email,
      host: email?.host ?? null,
      port: email?.port ?? null,
      security: email?.security ?? null,
      username: email?.username ?? null,
      password: { set: !!email?.password_sealed, last4: email?.password_last4 ?? null },
      fromName: email?.from_name ?? null,
      fromAddress: email?.from_address ?? null,
      lastTest: lastTest('email'),
    },
    sms: {
      custom: !!sms,
      provider: sms?.provider ?? null,
      sender: sms?.sender ?? null,
      apiKey: { set: !!sms, last4: sms?.api_key_last4 ?? null },
      lastTest: lastTest('sms'),
    },
  };
};

/**
 * In production (the outbound target rule, as for webhooks) a mail server is on a mail port and not on a private or
 * internal address; a name is checked again when it resolves, at every connection.
 */
const mailServerProblems = (body: PutEmailSettingsBody, allowPrivate: boolean) => {
  if (allowPrivate) return [];
  return [
    ...(MAIL_PORTS.includes(body.port) ? [] : [{ path: 'port', message: `Use a mail port: ${MAIL_PORTS.join(', ')}` }]),
    ...(isBlockedLiteral(body.host) ? [{ path: 'host', message: 'Use the mail server’s public address' }] : []),
  ];
};

export const putEmailSettings = async (
  deps: Pick<IntegrationsDeps, 'db' | 'box' | 'clock' | 'allowPrivateWebhooks'>,
  ctx: RequestContext,
  body: PutEmailSettingsBody,
) => {
  const problems = mailServerProblems(body, deps.allowPrivateWebhooks);
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
  const password = body.password ? body.password : undefined;
  const values = {
    host: body.host,
    port: body.port,
    security: body.security,
    username: body.username || null,
    from_name: body.fromName,
    from_address: body.fromAddress,
    updated_at: deps.clock(),
    updated_by: ctx.userId,
    ...(password !== undefined && { password_sealed: deps.box.seal(password), password_last4: last4(password) }),
    // No user name: the server is used without AUTH, and a stored password is forgotten.
    ...(!body.username && { password_sealed: null, password_last4: null }),
  };
  await deps.db
    .insertInto('org_email_settings')
    .values({ org_id: ctx.orgId, password_sealed: null, password_last4: null, ...values })
    .onConflict((oc) => oc.column('org_id').doUpdateSet(values))
    .execute();
  return getMessagingSettings(deps, ctx.orgId);
};

export const putSmsSettings = async (deps: Pick<IntegrationsDeps, 'db' | 'box' | 'clock'>, ctx: RequestContext, body: PutSmsSettingsBody) => {
  const existing = await deps.db.selectFrom('org_sms_settings').select('org_id').where('org_id', '=', ctx.orgId).executeTakeFirst();
  if (!existing && !body.apiKey) throw badRequest('The API key is required', [{ path: 'apiKey', message: 'The API key is required' }]);
  const values = {
    provider: body.provider,
    sender: body.sender,
    updated_at: deps.clock(),
    updated_by: ctx.userId,
    ...(body.apiKey && { api_key_sealed: deps.box.seal(body.apiKey), api_key_last4: last4(body.apiKey) }),
  };
  await deps.db
    .insertInto('org_sms_settings')
    .values({ org_id: ctx.orgId, api_key_sealed: '', api_key_last4: '', ...values })
    .onConflict((oc) => oc.column('org_id').doUpdateSet(values))
    .execute();
  return getMessagingSettings(deps, ctx.orgId);
};

export const deleteMessagingSettings = async (deps: Pick<IntegrationsDeps, 'db'>, ctx: RequestContext, channel: 'email' | 'sms') => {
  await deps.db
    .deleteFrom(channel === 'email' ? 'org_email_settings' : 'org_sms_settings')
    .where('org_id', '=', ctx.orgId)
    .execute();
  return getMessagingSettings(deps, ctx.orgId);
};

const TEST_TEXT = {
  email: {
    en: { title: 'Akhada test email', text: 'This is a test email from Akhada. Your mail settings work.' },
    hi: { title: 'अखाड़ा परीक्षण ईमेल', text: 'यह अखाड़ा की ओर से एक परीक्षण ईमेल है। आपकी मेल सेटिंग्स काम कर रही हैं।' },
  },
  // WhatsApp: the approved test template's words (sent as that template outside the 24-hour window).
  sms: SETTINGS_TEST_TEXT,
} as const;

/** The provider's failure in plain words, as a 502 the settings page shows (never the transport's stack). */
export const providerProblem = (channel: 'email' | 'sms', err: unknown): AppError => {
  const code = err instanceof DeliveryError ? err.code : (err as { code?: string }).code;
  const detail = (err as Error).message ?? String(err);
  const what = channel === 'email' ? 'The mail server' : 'The WhatsApp provider';
  if (channel === 'email' && code === 'EAUTH') return new AppError(502, 'SMTP_AUTH_FAILED', 'The mail server refused the user name or password.');
  if (code === 'ETIMEDOUT' || /timeout|timed out/i.test(detail))
    return new AppError(502, 'PROVIDER_TIMEOUT', `${what} did not answer in time. Check the host and port.`);
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS' || /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(detail))
    return new AppError(502, 'PROVIDER_UNREACHABLE', `${what} could not be reached. Check the address and port.`);
  if (channel === 'sms' && (code === '401' || code === '403')) return new AppError(502, 'PROVIDER_AUTH_FAILED', 'The WhatsApp provider refused the API key.');
  return new AppError(502, 'PROVIDER_REJECTED', `${what} refused the message: ${detail.slice(0, 200)}`);
};

/**
 * A failed test email in production: one answer whatever went wrong (refused target, closed or silent port, refused
 * sign-in), so the test cannot be used to tell which hosts and ports answer.
 */
export const SMTP_TEST_FAILED = 'The test email could not be sent. Check the mail server’s address, port, security and sign-in.';

/**
 * Sends a real test message through the channel the organization's messages would use now (its own settings, else
 * the platform's) and keeps the outcome as the tab's last-status line. A provider's failure is a 502 in plain words
 * (for email in production, one generic 502).
 */
export const sendTest = async (
  deps: Pick<IntegrationsDeps, 'db' | 'channels' | 'clock' | 'allowPrivateWebhooks'>,
  ctx: RequestContext,
  channel: 'email' | 'sms',
  to: string,
  language: 'en' | 'hi',
): Promise<{ ok: true; providerId: string | null; via: 'custom' | 'platform' }> => {
  let resolved: { adapter: ChannelAdapter; via: 'custom' | 'platform' } | undefined;
  try {
    resolved = await deps.channels.forOrg(ctx.orgId, channel);
  } catch {
    // A sealed secret that no longer opens (the key changed): the settings must be entered again.
    resolved = undefined;
  }
  const record = (ok: boolean, message: string) =>
    deps.db
      .insertInto('integration_tests')
      .values({ org_id: ctx.orgId, channel, ok, message, at: deps.clock() })
      .onConflict((oc) => oc.columns(['org_id', 'channel']).doUpdateSet({ ok, message, at: deps.clock() }))
      .execute();
  if (!resolved) {
    const problem = new AppError(502, 'PROVIDER_REJECTED', 'No channel is configured. Enter the settings again and save them.');
    await record(false, problem.message);
    throw problem;
  }
  const text = TEST_TEXT[channel][language];
  try {
    const { providerId } = await resolved.adapter.send({
      key: `test-${ctx.requestId}:${channel}`,
      to,
      language,
      title: text.title,
      text: text.text,
      action: null,
      template: channel === 'sms' ? { stem: SETTINGS_TEST_STEM, params: {} } : null,
    });
    await record(true, channel === 'email' ? `Test email sent to ${to}` : `Test message sent to ${to}`);
    return { ok: true, providerId, via: resolved.via };
  } catch (err) {
    const problem = channel === 'email' && !deps.allowPrivateWebhooks ? new AppError(502, 'SMTP_TEST_FAILED', SMTP_TEST_FAILED) : providerProblem(channel, err);
    await record(false, problem.message);
    throw problem;
  }
};
