import { UNSUBSCRIBE_PAGE_PATH } from '@akhada/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link of a marketing email: `<appUrl>/unsubscribe?token=<token>`, the token being the organization
 * and person (base64url) and an HMAC-SHA256 of them with the service's secret, so nobody can make one for someone
 * else. It does not expire: an old email's link must still work. Only email marketing consent is withdrawn by it.
 */
export interface UnsubscribeLinks {
  /** The token of a person's link. */
  token(p: { orgId: string; personId: string }): string;
  /** The page's address for a person (what goes in the email's foot and its List-Unsubscribe header). */
  link(p: { orgId: string; personId: string; address?: string }): string;
  /** The one-click address (RFC 8058's List-Unsubscribe with List-Unsubscribe-Post): the API route itself. */
  oneClick(p: { orgId: string; personId: string }): string;
  /** Who a token names, or null when it is not one of ours. */
  verify(token: string): { orgId: string; personId: string } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Links signed with `secret` (none: every token is refused, and no link made is accepted). */
export const createUnsubscribeLinks = ({ secret, appUrl }: { secret: string; appUrl: string }): UnsubscribeLinks => {
  const mac = (payload: string) => createHmac('sha256', `akhada-unsubscribe:${secret}`).update(payload).digest();
  const token = ({ orgId, personId }: { orgId: string; personId: string }) => {
    const payload = Buffer.from(`${orgId}.${personId}`).toString('base64url');
    return `${payload}.${mac(payload).toString('base64url')}`;
  };
  const base = appUrl.replace(/\/+$/, '');
  return {
    token,
    link: (p) => `${base}${UNSUBSCRIBE_PAGE_PATH}?token=${token(p)}`,
    oneClick: (p) => `${base}/api/notifications/unsubscribe?token=${token(p)}`,
    verify(t) {
      if (!secret) return null;
      const [payload, sig, ...rest] = t.split('.');
      if (!payload || !sig || rest.length) return null;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const [orgId, personId] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
      return orgId && personId && UUID.test(orgId) && UUID.test(personId) ? { orgId, personId } : null;
    },
  };
};
