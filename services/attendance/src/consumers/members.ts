import { members } from '../db/people-repo.ts';
import { qrKeyOf } from '../db/qr-repo.ts';

/**
 * Members' events into this service's copy (db/people-repo.ts). The organization's QR signing key is made with its
 * first member, so showing a member their code (a GET) only reads.
 */
export const memberHandlers = members.handlers({
  MemberRegistered: (trx, env) => qrKeyOf(trx, env.orgId),
  MemberSignedUp: (trx, env) => qrKeyOf(trx, env.orgId),
});
