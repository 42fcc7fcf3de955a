import { createLinkSigner as createSigner } from '@akhada/kit/storage';

/**
 * Short-lived links to attachments: the kit's HMAC link signature over (attachment, variant, person) and the expiry,
 * rounded up to a 5-minute step so a page fetched twice gets the same links (the browser's cache works).
 */
export interface LinkSigner {
  sign(p: { attachmentId: string; variant: 'original' | 'thumb'; userId: string }, now: Date): { url: string; expiresAt: Date };
  verify(p: { attachmentId: string; variant: 'original' | 'thumb'; userId: string; exp: number; sig: string }, now: Date): 'ok' | 'expired' | 'bad';
}

export const createLinkSigner = ({
  secret,
  ttlSeconds,
  basePath = '/api/chat/attachments',
}: {
  secret: string;
  ttlSeconds: number;
  basePath?: string;
}): LinkSigner => {
  const signer = createSigner({ secret, ttlSeconds, stepSeconds: 300 });
  const subject = (attachmentId: string, variant: string, userId: string) => `${attachmentId}.${variant}.${userId}`;
  return {
    sign({ attachmentId, variant, userId }, now) {
      const { exp, sig, expiresAt } = signer.sign(subject(attachmentId, variant, userId), now);
      return { url: `${basePath}/${attachmentId}?variant=${variant}&u=${userId}&exp=${exp}&sig=${sig}`, expiresAt };
    },
    verify({ attachmentId, variant, userId, exp, sig }, now) {
      return signer.verify(subject(attachmentId, variant, userId), exp, sig, now);
    },
  };
};
