import { ErrorBody } from '@akhada/contracts';

export const DEFAULT_ERROR_MESSAGE = 'An error occurred';

export type FieldIssue = { path: string; message: string };

/**
 * The product's message rule for a failed call: the body's `message`, else its `error`, else "An error occurred".
 */
export function errorMessageFromBody(body: unknown): string {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return DEFAULT_ERROR_MESSAGE;
}

type ApiErrorKind =
  /** The server answered with a non-2xx status. */
  | 'http'
  /** The request never got an answer (offline, DNS, connection refused). */
  | 'network'
  /** The server answered 2xx, but the body does not match the contract. */
  | 'contract'
  /** The request body failed the contract's own validation before it was sent. */
  | 'validation';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when there was no answer. */
  readonly status: number;
  readonly code: string | null;
  readonly details: FieldIssue[];
  readonly requestId: string | null;
  /** The parsed error body, when the server sent one in the shared shape. */
  readonly body: ErrorBody | null;
  /** True when the server answered with a JSON object we could read a message from. */
  readonly hasReadableBody: boolean;
  /** How long the server asked us to wait before trying again (Retry-After of a 429 or 503), when it said. */
  readonly retryAfterMs: number | null;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    status?: number;
    code?: string | null;
    details?: FieldIssue[];
    requestId?: string | null;
    body?: ErrorBody | null;
    hasReadableBody?: boolean;
    retryAfterMs?: number | null;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code ?? null;
    this.details = init.details ?? [];
    this.requestId = init.requestId ?? null;
    this.body = init.body ?? null;
    this.hasReadableBody = init.hasReadableBody ?? false;
    this.retryAfterMs = init.retryAfterMs ?? null;
  }

  static fromResponse(status: number, raw: unknown, retryAfter: string | null = null, nowMs = Date.now()): ApiError {
    const parsed = ErrorBody.safeParse(raw);
    const body = parsed.success ? parsed.data : null;
    const loose = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : null;
    return new ApiError({
      kind: 'http',
      status,
      message: loose ? errorMessageFromBody(loose) : `Request failed with status ${status}`,
      code: body?.code ?? (typeof loose?.code === 'string' ? loose.code : null),
      details: body?.details ?? [],
      requestId: body?.requestId ?? null,
      body,
      hasReadableBody: loose !== null,
      retryAfterMs: parseRetryAfter(retryAfter, nowMs),
    });
  }
}

/** A Retry-After header (seconds, or an HTTP date) in milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

export { isClientError, shouldRetry } from './retry-policy';

export function isUnavailableError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.kind === 'http' &&
    (error.status === 503 || error.status === 502 || error.status === 504 || error.code === 'SERVICE_UNAVAILABLE')
  );
}

export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 404;
}

/** Field issues keyed by their path ("address.city"); the first message per path wins. */
export function fieldIssuesByPath(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError) {
    for (const d of error.details) if (!(d.path in out)) out[d.path] = d.message;
  }
  return out;
}
