import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Members' attendance QR codes: base64url of the JSON `{ type: 'attendance', memberId, timestamp, sig }`, where sig is
 * the HMAC-SHA256 (organization's key) of `attendance.<memberId>.<timestamp>`. Valid 24 hours from `timestamp`.
 */
export const QR_VALIDITY_MS = 24 * 3_600_000;
export const INVALID_QR = 'Invalid QR code. Please scan a valid attendance QR code.';
export const EXPIRED_QR = 'QR code has expired. Please generate a new one.';

const sign = (secret: string, memberId: string, timestamp: number): string =>
  createHmac('sha256', Buffer.from(secret, 'base64url')).update(`attendance.${memberId}.${timestamp}`).digest('base64url');

export const makeQrCode = (secret: string, memberId: string, at: Date): string => {
  const timestamp = at.getTime();
  return Buffer.from(JSON.stringify({ type: 'attendance', memberId, timestamp, sig: sign(secret, memberId, timestamp) })).toString('base64url');
};

export interface QrPayload {
  memberId: string;
  timestamp: number;
  sig: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payload of a QR text, unverified; null when it is not an attendance code at all. */
export const parseQrCode = (text: string): QrPayload | null => {
  let raw: unknown;
  try {
    const trimmed = text.trim();
    raw = JSON.parse(trimmed.startsWith('{') ? trimmed : Buffer.from(trimmed, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const p = raw as Record<string, unknown>;
  if (p.type !== 'attendance' || typeof p.memberId !== 'string' || !UUID.test(p.memberId)) return null;
  if (typeof p.timestamp !== 'number' || !Number.isSafeInteger(p.timestamp) || typeof p.sig !== 'string') return null;
  return { memberId: p.memberId.toLowerCase(), timestamp: p.timestamp, sig: p.sig };
};

/** Whether the signature is the organization's for this payload (constant time). */
export const signatureValid = (secret: string, p: QrPayload): boolean => {
  const expected = Buffer.from(sign(secret, p.memberId, p.timestamp));
  const given = Buffer.from(p.sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
};
