import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Encrypts short secrets (Razorpay key and webhook secrets) at rest: AES-256-GCM, `v1:<iv>:<tag>:<ciphertext>` base64. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/**
 * A box from a key given in config: 32 bytes as base64 or 64 hex characters; any other text is stretched with SHA-256
 * (development). Each secret gets its own random 12-byte IV; the tag makes a tampered value fail to open.
 */
export const createSecretBox = (key: string): SecretBox => {
  if (!key) throw new Error('PAYMENTS_SECRET_KEY is required');
  const raw = /^[0-9a-f]{64}$/i.test(key)
    ? Buffer.from(key, 'hex')
    : Buffer.from(key, 'base64').length === 32
      ? Buffer.from(key, 'base64')
      : createHash('sha256').update(key).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', raw, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split(':');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', raw, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
};
