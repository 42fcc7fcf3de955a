import { isUniqueViolation, type Executor } from '@akhada/kit';
import { randomBytes } from 'node:crypto';
import type { AttendanceDb } from './schema.ts';

/** The organization's QR signing key, made on first use (two instances racing agree on the one stored). */
export const qrKeyOf = async (db: Executor<AttendanceDb>, orgId: string): Promise<string> => {
  const found = await db.selectFrom('qr_keys').select('secret').where('org_id', '=', orgId).executeTakeFirst();
  if (found) return found.secret;
  await db
    .insertInto('qr_keys')
    .values({ org_id: orgId, secret: randomBytes(32).toString('base64url'), created_at: new Date() })
    .onConflict((oc) => oc.column('org_id').doNothing())
    .execute();
  const row = await db.selectFrom('qr_keys').select('secret').where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return row.secret;
};

/** Marks a code used; false when it was used before (replay). Run in the check-in's transaction. */
export const useQrCode = async (db: Executor<AttendanceDb>, orgId: string, signature: string, attendanceId: string, at: Date): Promise<boolean> => {
  try {
    await db.insertInto('qr_uses').values({ org_id: orgId, signature, attendance_id: attendanceId, used_at: at }).execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err, 'qr_uses_pkey')) return false;
    throw err;
  }
};
