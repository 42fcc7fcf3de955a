import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signatures for links a service answers itself (chat's attachment links): HMAC-SHA256 over the subject
 * (what the link opens, for whom) and its expiry, with the service's secret. The expiry is rounded up to `stepSeconds`
 * so a page fetched twice gets the same links (the browser's cache works).
 */
export interface LinkSigner {
  sign(subject: string, now: Date): { exp: number; sig: string; expiresAt: Date };
  verify(subject: string, exp: number, sig: string, now: Date): 'ok' | 'expired' | 'bad';
}

export const createLinkSigner = ({ secret, ttlSeconds, stepSeconds = 300 }: { secret: string; ttlSeconds: number; stepSeconds?: number }): LinkSigner => {
  const mac = (subject: string, exp: number) => createHmac('sha256', secret).update(`${subject}.${exp}`).digest('base64url');
  return {
    sign(subject, now) {
      const exp = Math.ceil((now.getTime() / 1000 + ttlSeconds) / stepSeconds) * stepSeconds;
      return { exp, sig: mac(subject, exp), expiresAt: new Date(exp * 1000) };
    },
    verify(subject, exp, sig, now) {
      if (!Number.isFinite(exp)) return 'bad';
      const want = Buffer.from(mac(subject, exp));
      const got = Buffer.from(sig);
      if (want.length !== got.length || !timingSafeEqual(want, got)) return 'bad';
      return exp * 1000 < now.getTime() ? 'expired' : 'ok';
    },
  };
};
