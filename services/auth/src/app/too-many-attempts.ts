import { AppError } from '@akhada/kit';

/** A 429 that says when to come back; the route sends `retryAfterSeconds` as the Retry-After header. */
export class TooManyAttempts extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'RATE_LIMITED', message);
  }
}
