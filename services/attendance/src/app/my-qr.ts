import type { MyQr } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { makeQrCode, QR_VALIDITY_MS } from '../adapters/qr-codes.ts';
import { qrKeyOf } from '../db/qr-repo.ts';
import type { AttendanceDeps } from './deps.ts';

/** GET /attendance/my-qr: the member's signed code (their id is their user id), valid 24 hours from now. */
export const myQr = async (deps: Pick<AttendanceDeps, 'db' | 'clock'>, ctx: RequestContext): Promise<MyQr> => {
  const now = deps.clock();
  const secret = await qrKeyOf(deps.db, ctx.orgId);
  return {
    qrCode: makeQrCode(secret, ctx.userId, now),
    memberId: ctx.userId,
    issuedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + QR_VALIDITY_MS).toISOString(),
  };
};
