import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** Authenticator apps (RFC 6238): SHA-1, 6 digits, 30-second steps — what Google Authenticator, Authy and others read. */
const PERIOD_S = 30;
const totp = (secret: string, label = '') =>
  new TOTP({ issuer: 'Akhada', label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD_S });

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// link an authenticator app scans from the QR code. */
export const totpUri = (secret: string, accountEmail: string): string => totp(secret, accountEmail).toString();

/**
 * The 30-second step a code belongs to when it is right at `now` (one step of clock drift either way), else null.
 * The caller keeps the last step used so a code cannot be replayed.
 */
export const totpStep = (secret: string, code: string, now: Date): number | null => {
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
};

/** For tests and the settings screen's own check: the code of a step. */
export const totpCodeAt = (secret: string, at: Date): string => totp(secret).generate({ timestamp: at.getTime() });

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Ten single-use recovery codes (xxxxx-xxxxx), shown once; only their hashes are kept. */
export const newRecoveryCodes = (n = 10): string[] => Array.from({ length: n }, () => `${group()}-${group()}`);
export const hashRecoveryCode = (code: string): string => createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
export const isRecoveryCode = (code: string): boolean => code.includes('-');
