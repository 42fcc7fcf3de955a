import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links to attachments: HMAC-SHA256 over (attachment, variant, person, expiry) with the service's secret.
 * The expiry is rounded up to a 5-minute step so a page fetched twice gets the same links (the browser's cache works).
 */
export interface LinkSigner {
  sign(p: { attachmentId: string; variant: 'original' | 'thumb'; userId: string }, now: Date): { url: string; expiresAt: Date };
  verify(p: { attachmentId: string; variant: 'original' | 'thumb'; userId: string; exp: number; sig: string }, now: Date): 'ok' | 'expired' | 'bad';
}

const STEP_S = 300;

export const createLinkSigner = ({
  secret,
  ttlSeconds,
  basePath = '/api/chat/attachments',
}: {
  secret: string;
  ttlSeconds: number;
  basePath?: string;
}): LinkSigner => {
  const mac = (attachmentId: string, variant: string, userId: string, exp: number) =>
    createHmac('sha256', secret).update(`${attachmentId}.${variant}.${userId}.${exp}`).digest('base64url');
  return {
    sign({ attachmentId, variant, userId }, now) {
      const exp = Math.ceil((now.getTime() / 1000 + ttlSeconds) / STEP_S) * STEP_S;
      const sig = mac(attachmentId, variant, userId, exp);
      return { url: `${basePath}/${attachmentId}?variant=${variant}&u=${userId}&exp=${exp}&sig=${sig}`, expiresAt: new Date(exp * 1000) };
    },
    verify({ attachmentId, variant, userId, exp, sig }, now) {
      const want = Buffer.from(mac(attachmentId, variant, userId, exp));
      const got = Buffer.from(sig);
      if (want.length !== got.length || !timingSafeEqual(want, got)) return 'bad';
      return exp * 1000 < now.getTime() ? 'expired' : 'ok';
    },
  };
};
