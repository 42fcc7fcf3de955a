// The Razorpay edge: the ONE place the `razorpay` SDK is constructed, the two signature checks, and the mapping of the
// SDK's errors to the kit's AppError. Production talks to https://api.razorpay.com; development and tests point the
// SDK's axios instance at the local stand-in (infra/standins/razorpay.ts) with `baseUrl` (RAZORPAY_API_URL).
import { AppError } from '@akhada/kit';
import { createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';

export type { Razorpay };

export interface RazorpayClientOptions {
  keyId: string;
  keySecret: string;
  /** Origin of a Razorpay-compatible API (the stand-in), e.g. http://127.0.0.1:2526; default: Razorpay's own host. */
  baseUrl?: string;
  /** Per-request timeout of the SDK's HTTP client (default 10 s); a timeout surfaces like any network failure. */
  timeoutMs?: number;
}

/** The SDK's axios instance: `instance.api.rq` (razorpay-node 2.x, dist/api.js; not in its type declarations). */
interface SdkHttp {
  rq: { defaults: { baseURL?: string; timeout?: number } };
}

/** The real SDK instance, its HTTP client pointed at `baseUrl` when given. Throws on a missing key id or secret. */
export function createRazorpayClient({ keyId, keySecret, baseUrl, timeoutMs = 10_000 }: RazorpayClientOptions): Razorpay {
  if (!keyId || !keySecret) throw new Error('Razorpay needs a key id and a key secret');
  const instance = new Razorpay({ key_id: keyId, key_secret: keySecret });
  const http = (instance.api as unknown as SdkHttp).rq;
  if (!http?.defaults) throw new Error('razorpay SDK: its HTTP client (api.rq) was not found; the SDK changed, check createRazorpayClient');
  if (baseUrl) http.defaults.baseURL = baseUrl.replace(/\/+$/, '');
  http.defaults.timeout = timeoutMs;
  return instance;
}

/** The SDK's axios instance with its API version (`instance.api`): what `refundIdempotently` posts with. */
interface SdkApi {
  version: string;
  rq: {
    post(url: string, data: unknown, config: { headers: Record<string, string> }): Promise<{ data: unknown }>;
  };
}

/**
 * A refund Razorpay makes at most once per `idempotencyKey` (its `X-Refund-Idempotency` header: a retry with the same
 * key and body answers the first refund, never a second one). The SDK's `payments.refund` sends no headers, so this
 * posts through the SDK's own HTTP client (auth, base URL, timeout); a failure is shaped as the SDK shapes it
 * (`{ statusCode, error }`), or left as the network error, for `razorpayErrorToAppError`.
 */
export async function refundIdempotently(
  instance: Razorpay,
  paymentId: string,
  params: { amount: number; notes?: Record<string, string> },
  idempotencyKey: string,
): Promise<{ id: string; amount: number | string }> {
  const api = instance.api as unknown as SdkApi;
  try {
    const res = await api.rq.post(`/${api.version}/payments/${encodeURIComponent(paymentId)}/refund`, params, {
      headers: { 'X-Refund-Idempotency': idempotencyKey },
    });
    return res.data as { id: string; amount: number | string };
  } catch (err) {
    const response = (err as { response?: { status: number; data?: { error?: unknown } } }).response;
    if (response) throw { statusCode: response.status, error: response.data?.error ?? {} };
    throw err;
  }
}

const hmacHex = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

/** Constant-time comparison of a lowercase-hex HMAC-SHA256 with what was received; false for anything malformed. */
const sameHex = (expectedHex: string, received: unknown): boolean => {
  if (typeof received !== 'string' || !/^[0-9a-f]{64}$/i.test(received)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(received.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * Checkout's `razorpay_signature`: HMAC-SHA256(`<order id>|<payment id>`, key secret), hex. Pass the order id WE stored
 * for the payment, never the one the browser sent. False on a bad or malformed signature; never throws.
 */
export function verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string; keySecret: string }): boolean {
  try {
    const { orderId, paymentId, signature, keySecret } = input;
    if (!nonEmpty(orderId) || !nonEmpty(paymentId) || !nonEmpty(keySecret)) return false;
    return sameHex(hmacHex(keySecret, `${orderId}|${paymentId}`), signature);
  } catch {
    return false;
  }
}

/**
 * A webhook's `x-razorpay-signature`: HMAC-SHA256 of the RAW request body (the bytes as received, never re-serialized
 * JSON) with the webhook secret, hex. False on a bad or malformed signature; never throws.
 */
export function verifyWebhookSignature(rawBody: Buffer | string, signature: string, secret: string): boolean {
  try {
    if (!(Buffer.isBuffer(rawBody) || typeof rawBody === 'string') || rawBody.length === 0 || !nonEmpty(secret)) return false;
    return sameHex(hmacHex(secret, rawBody), signature);
  } catch {
    return false;
  }
}

/** Razorpay's error body as the SDK rethrows it: `{ statusCode, error: { code, description, field?, … } }`. */
export interface RazorpayApiError {
  statusCode: number | string;
  error: { code?: string; description?: string; field?: string; source?: string; step?: string; reason?: string; metadata?: unknown };
}

export const isRazorpayApiError = (err: unknown): err is RazorpayApiError =>
  typeof err === 'object' &&
  err !== null &&
  'statusCode' in err &&
  'error' in err &&
  typeof (err as { error: unknown }).error === 'object' &&
  (err as { error: unknown }).error !== null;

export const PROVIDER_UNAVAILABLE_MESSAGE = 'Payment provider unavailable. Please try again in a few minutes.';

/**
 * What an SDK call's failure means to our caller:
 * - no answer (the SDK turns a network failure or timeout into a TypeError), a 5xx, or a 401 (our keys were refused:
 *   the gym's problem to fix in settings, not the payer's) → 502 SERVICE_UNAVAILABLE, "Payment provider unavailable…";
 * - Razorpay's 4xx `{ error: { code, description } }` → 400 VALIDATION_FAILED with the provider's description
 *   (details carry its `field` when it named one);
 * - anything else (an AppError passes through unchanged; a bug) → 502 as well, never a 500 with the provider's text.
 */
export function razorpayErrorToAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isRazorpayApiError(err)) {
    const status = Number(err.statusCode);
    const description = typeof err.error.description === 'string' && err.error.description.trim() ? err.error.description.trim() : undefined;
    if (status === 401) return new AppError(502, 'SERVICE_UNAVAILABLE', 'Payment provider refused our credentials. Check the Razorpay keys in settings.');
    if (status >= 400 && status < 500 && status !== 429) {
      const message = description ?? 'The payment provider refused the request';
      const field = typeof err.error.field === 'string' && err.error.field ? err.error.field : undefined;
      return new AppError(400, 'VALIDATION_FAILED', message, field ? [{ path: field, message }] : undefined);
    }
  }
  return new AppError(502, 'SERVICE_UNAVAILABLE', PROVIDER_UNAVAILABLE_MESSAGE);
}
