import { createHash, randomBytes } from 'node:crypto';

/** A single-use password reset token: 32 random bytes, URL-safe. Only its hash is stored. */
export const newResetToken = (): string => randomBytes(32).toString('base64url');

export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');
