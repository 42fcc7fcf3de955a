import { normalizeTrialPassCode, type ScanQrBody } from '@akhada/contracts';
import { inTransaction, newId, type RequestContext } from '@akhada/kit';
import { DomainError } from '@akhada/kit/domain';
import { EXPIRED_QR, INVALID_QR, parseQrCode, QR_VALIDITY_MS, signatureValid } from '../adapters/qr-codes.ts';
import { qrKeyOf, useQrCode } from '../db/qr-repo.ts';
import { checkInLocation } from './access.ts';
import { checkInWithin } from './check-in.ts';
import { zoneOf, type AttendanceDeps } from './deps.ts';
import { recordTrialVisit } from './trial-check-in.ts';

/** A kiosk's clock and the member's phone may disagree a little: a code "from the future" by more than this is invalid. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * POST /attendance/scan-qr: verifies the code with the caller's organization's key (another gym's code is invalid),
 * its age against the scan time (a kiosk's queued scan counts from when it was scanned), and that it was not used
 * before; then checks the member in at the scan time, all in one transaction. A trial pass's code (a lead's, issued by
 * enquiries) records the lead's visit instead: `attendance` null, `trialVisit` the visit.
 */
export const scanQr = async (deps: Pick<AttendanceDeps, 'db' | 'clock' | 'directory' | 'timeZone' | 'people'>, ctx: RequestContext, body: ScanQrBody) => {
  const invalid = () => new DomainError('INVALID_QR_CODE', INVALID_QR, 400);
  const now = deps.clock();
  const at = body.scannedAt ? new Date(Math.min(Date.parse(body.scannedAt), now.getTime())) : now;
  if (normalizeTrialPassCode(body.qrCode)) {
    const method = body.checkInMethod;
    const trialVisit = await recordTrialVisit(deps, ctx, { passCode: body.qrCode, locationId: body.locationId, method, at }, invalid);
    return { attendance: null, member: { _id: trialVisit.leadId, name: trialVisit.name }, trialVisit };
  }
  const payload = parseQrCode(body.qrCode);
  if (!payload) throw invalid();
  const zone = await zoneOf(deps, checkInLocation(ctx, body.locationId));
  return inTransaction(deps.db, async (trx) => {
    const secret = await qrKeyOf(trx, ctx.orgId);
    if (!signatureValid(secret, payload)) throw invalid();
    if (payload.timestamp > at.getTime() + CLOCK_SKEW_MS) throw invalid();
    if (at.getTime() - payload.timestamp > QR_VALIDITY_MS) throw new DomainError('QR_CODE_EXPIRED', EXPIRED_QR, 400);
    const attendanceId = newId();
    if (!(await useQrCode(trx, ctx.orgId, payload.sig, attendanceId, now))) {
      throw new DomainError('QR_CODE_USED', 'This QR code has already been used. Please generate a new one.', 409);
    }
    const attendance = await checkInWithin(
      zone,
      trx,
      ctx,
      { memberId: payload.memberId, workoutType: body.workoutType, notes: '', method: body.checkInMethod, locationId: body.locationId, at },
      attendanceId,
      deps.people,
    );
    const member = attendance.member;
    if (!member) throw invalid();
    return { attendance, member: { _id: member._id, name: member.name } };
  });
};
