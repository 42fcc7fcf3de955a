/*
 * The retry policy shared by queries and mutations. It reads an ApiError's fields without importing the class, so
 * the query client (in the entry chunk) does not pull in the API client and its contract schemas.
 */
interface ApiErrorLike {
  name: 'ApiError';
  kind: 'http' | 'network' | 'contract' | 'validation';
  status: number;
}

function isApiErrorLike(error: unknown): error is ApiErrorLike {
  return error instanceof Error && error.name === 'ApiError' && typeof (error as Partial<ApiErrorLike>).status === 'number';
}

/** 4xx answers and client-side validation failures: retrying cannot change the outcome. */
export function isClientError(error: unknown): boolean {
  if (!isApiErrorLike(error)) return false;
  if (error.kind === 'validation' || error.kind === 'contract') return true;
  return error.kind === 'http' && error.status >= 400 && error.status < 500;
}

/** Once, and never for 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isClientError(error);
}
