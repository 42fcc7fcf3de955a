import type { SmsCodeSent } from '@akhada/contracts';
import { AppError, newId, type RequestContext } from '@akhada/kit';
import { conflict } from '@akhada/kit/domain';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AuthDb } from '../db/schema.ts';
import {
  countSmsGuess,
  enableSms,
  insertSmsCode,
  liveSmsCode,
  smsCodesSentSince,
  smsTwoFactorOf,
  useSmsCode,
  type SmsCodePurpose,
} from '../db/sms-codes-repo.ts';
import { findUserInOrg } from '../db/users-repo.ts';
import { maskPhone, SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_MS, SMS_RESEND_COOLDOWN_MS, smsRetryAfterSeconds } from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';
import { checkPassword } from './check-password.ts';
import { TooManyAttempts } from './too-many-attempts.ts';

type Db = AuthDeps['db'] | Transaction<AuthDb>;

const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code.trim()}`).digest();

const NOT_AVAILABLE = () => new AppError(400, 'SMS_NOT_AVAILABLE', 'SMS codes are not set up for this account. Use your authenticator app or a recovery code.');
const SEND_FAILED = () => new AppError(503, 'SERVICE_UNAVAILABLE', 'We could not send the SMS just now. Please try again in a minute.');
const TOO_SOON = (seconds: number) => new TooManyAttempts('A code was sent a moment ago. Please wait before asking for another one.', seconds);

const languageOf = async (db: Db, userId: string) =>
  (await db.selectFrom('user_preferences').select('language').where('user_id', '=', userId).executeTakeFirst())?.language ?? 'en';

/**
 * A new 6-digit code to the phone: at most one a minute and 5 an hour per account (429 with Retry-After); only its
 * hash is kept. A send the provider refuses is not kept (503: try again).
 */
const sendCode = async (
  deps: Pick<AuthDeps, 'db' | 'sms' | 'logger'>,
  user: { id: string },
  phone: string,
  purpose: SmsCodePurpose,
  now: Date,
): Promise<SmsCodeSent> => {
  const { sms } = deps;
  if (!sms) throw NOT_AVAILABLE();
  const sent = await smsCodesSentSince(deps.db, user.id, new Date(now.getTime() - 60 * 60_000));
  const wait = smsRetryAfterSeconds(
    sent.map((r) => ({ at: r.created_at, samePurpose: r.purpose === purpose })),
    now,
  );
  if (wait > 0) throw TOO_SOON(wait);
  const id = newId();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await insertSmsCode(deps.db, {
    id,
    user_id: user.id,
    purpose,
    phone,
    code_hash: hashCode(id, code).toString('hex'),
    created_at: now,
    expires_at: new Date(now.getTime() + SMS_CODE_TTL_MS),
  });
  try {
    await sms.send({ to: phone, code, language: await languageOf(deps.db, user.id), purpose, reference: `sms-code:${id}` });
  } catch (err) {
    deps.logger.warn({ err, userId: user.id }, 'could not send an SMS code');
    await deps.db.deleteFrom('sms_codes').where('id', '=', id).execute();
    throw SEND_FAILED();
  }
  return { phone: maskPhone(phone), expiresInSeconds: SMS_CODE_TTL_MS / 1000, resendAfterSeconds: SMS_RESEND_COOLDOWN_MS / 1000 };
};

/** Settings → Security: a code to the profile's phone, to verify it before SMS codes are turned on. */
export const sendSmsSetupCode = async (deps: Pick<AuthDeps, 'db' | 'sms' | 'logger' | 'clock'>, ctx: RequestContext) => {
  const user = await findUserInOrg(deps.db, ctx.userId, ctx.orgId);
  if (!user) throw new AppError(404, 'NOT_FOUND', 'User not found');
  if (await smsTwoFactorOf(deps.db, user.id))
    throw conflict('CONFLICT', 'SMS codes are already on. Turn two-factor authentication off first to change the phone.');
  if (!user.phone.replace(/\D/g, '')) throw new AppError(400, 'SMS_NOT_AVAILABLE', 'Add a phone number to your profile first.');
  return sendCode(deps, user, user.phone, 'enrol', deps.clock());
};

/** Sign-in's "Send code by SMS": the password first (throttled and counted like a sign-in), then a code to the enrolled phone. */
export const sendSmsSignInCode = async (
  deps: Pick<AuthDeps, 'db' | 'sms' | 'logger' | 'clock' | 'passwords'>,
  input: { email: string; password: string; ip: string },
) => {
  const now = deps.clock();
  const { user } = await checkPassword(deps, input, now);
  const enrolled = await smsTwoFactorOf(deps.db, user.id);
  if (!enrolled) throw NOT_AVAILABLE();
  return sendCode(deps, user, enrolled.phone, 'sign-in', now);
};

/**
 * Checks a code of the newest live code of the purpose: true once for the right code (then it is used), false for a
 * wrong one (a guess counted: 5 end the code) or when no code is live.
 */
export const checkSmsCode = (db: AuthDeps['db'], userId: string, purpose: SmsCodePurpose, code: string, now: Date) =>
  db.transaction().execute(async (trx) => {
    const row = await liveSmsCode(trx, userId, purpose, now, SMS_CODE_MAX_ATTEMPTS);
    if (!row) return { ok: false as const, phone: null };
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = hashCode(row.id, code);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await countSmsGuess(trx, row.id);
      return { ok: false as const, phone: null };
    }
    return { ok: await useSmsCode(trx, row.id, now), phone: row.phone };
  });

/** PUT /settings/two-factor with method sms: the enrolment code verifies the phone and turns SMS codes on. */
export const enableSmsTwoFactor = async (deps: Pick<AuthDeps, 'db'>, userId: string, code: string, now: Date): Promise<boolean> => {
  const checked = await checkSmsCode(deps.db, userId, 'enrol', code, now);
  if (!checked.ok) return false;
  await enableSms(deps.db, userId, checked.phone!, now);
  return true;
};
