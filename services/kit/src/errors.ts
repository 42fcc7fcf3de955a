import type { ErrorCode } from '@akhada/contracts';

/** A failure the caller can act on. The kit's error handler turns it into the one error body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A business rule said no. Deciders throw these; they carry no HTTP knowledge beyond a default status. */
export class DomainError extends AppError {
  constructor(code: ErrorCode, message: string, status = 409) {
    super(status, code, message);
  }
}

/**
 * 404 "<What> not found" from the thing's name (`notFound('Member')`). A whole message that says "not found" already is
 * kept as it is, so no caller can make "Member not found not found".
 */
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', /\bnot found\.?$/i.test(what.trim()) ? what.trim() : `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, 'FORBIDDEN', message);
export const unauthenticated = (message = 'Please sign in to continue', code: ErrorCode = 'UNAUTHENTICATED') => new AppError(401, code, message);
export const badRequest = (message: string, details?: { path: string; message: string }[]) => new AppError(400, 'VALIDATION_FAILED', message, details);
/** The copy the product shows when a read-only organization tries to write (402 TRIAL_ENDED). */
export const TRIAL_ENDED_MESSAGE = 'Your free trial has ended. Choose a plan to keep making changes.';
export const trialEnded = () => new AppError(402, 'TRIAL_ENDED', TRIAL_ENDED_MESSAGE);
/** The copy for an account awaiting approval calling a route it may not (403 ACCOUNT_PENDING). */
export const ACCOUNT_PENDING_MESSAGE = "Your account is waiting for the gym's approval.";
export const accountPending = () => new AppError(403, 'ACCOUNT_PENDING', ACCOUNT_PENDING_MESSAGE);
/** The copy for staff who must set up two-factor sign-in first (403 TWO_FACTOR_ENROLMENT_REQUIRED). */
export const TWO_FACTOR_ENROLMENT_MESSAGE = 'Your gym requires two-factor authentication. Set it up to continue.';
export const twoFactorEnrolmentRequired = () => new AppError(403, 'TWO_FACTOR_ENROLMENT_REQUIRED', TWO_FACTOR_ENROLMENT_MESSAGE);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
/** The copy of a 503 when a service this request needs did not answer in time: nothing was changed, try again. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'This is taking longer than it should. Nothing was changed; please try again in a moment.';
export const serviceUnavailable = (message = SERVICE_UNAVAILABLE_MESSAGE) => new AppError(503, 'SERVICE_UNAVAILABLE', message);

/** Optimistic concurrency: someone else appended to the stream first. Command handlers retry on it. */
export class ConcurrencyError extends AppError {
  constructor(streamId: string, expected: number) {
    super(409, 'CONCURRENCY_CONFLICT', `The record changed while saving (stream ${streamId}, expected version ${expected}); please retry`);
  }
}
