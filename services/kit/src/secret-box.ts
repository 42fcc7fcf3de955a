import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (authenticator secrets in auth, SMTP passwords, provider keys and webhook secrets in notifications): AES-256-GCM under a key from configuration (SECRETS_KEY), stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. A changed key makes old values unreadable (open throws), never wrong.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export const createSecretBox = (keyMaterial: string): SecretBox => {
  const key = createHash('sha256').update(keyMaterial).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('secret-box: not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
};
