import { describe, expect, it } from 'vitest';
import { ApiError, DEFAULT_ERROR_MESSAGE, errorMessageFromBody, fieldIssuesByPath, isClientError, isUnavailableError, shouldRetry } from './api-error';

describe('error message rule', () => {
  it('uses the message field first', () => {
    expect(errorMessageFromBody({ success: false, message: 'Email is taken', error: 'Conflict', code: 'EMAIL_TAKEN' })).toBe('Email is taken');
  });
  it('falls back to the error field', () => {
    expect(errorMessageFromBody({ error: 'Service Unavailable' })).toBe('Service Unavailable');
    expect(errorMessageFromBody({ message: '', error: 'Bad Request' })).toBe('Bad Request');
    expect(errorMessageFromBody({ message: '   ', error: 'Bad Request' })).toBe('Bad Request');
  });
  it('falls back to "An error occurred"', () => {
    expect(errorMessageFromBody({})).toBe(DEFAULT_ERROR_MESSAGE);
    expect(errorMessageFromBody(null)).toBe('An error occurred');
    expect(errorMessageFromBody('oops')).toBe('An error occurred');
    expect(errorMessageFromBody({ message: 42, error: null })).toBe('An error occurred');
  });
});

describe('ApiError from a response', () => {
  const body = {
    success: false,
    message: 'Please check the form',
    error: 'Bad Request',
    code: 'VALIDATION_FAILED',
    requestId: 'req-1',
    details: [
      { path: 'email', message: 'Enter a valid email address' },
      { path: 'email', message: 'second message is ignored' },
      { path: 'address.city', message: 'Too long' },
    ],
  };

  it('reads the shared error body', () => {
    const e = ApiError.fromResponse(400, body);
    expect(e.message).toBe('Please check the form');
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.requestId).toBe('req-1');
    expect(e.hasReadableBody).toBe(true);
    expect(fieldIssuesByPath(e)).toEqual({ email: 'Enter a valid email address', 'address.city': 'Too long' });
  });

  it('copes with a body that is not JSON', () => {
    const e = ApiError.fromResponse(502, undefined);
    expect(e.hasReadableBody).toBe(false);
    expect(e.status).toBe(502);
    expect(isUnavailableError(e)).toBe(true);
  });

  it('treats 503 with SERVICE_UNAVAILABLE as unavailable', () => {
    const e = ApiError.fromResponse(503, { success: false, message: 'Trainers are down', error: 'Service Unavailable', code: 'SERVICE_UNAVAILABLE' });
    expect(isUnavailableError(e)).toBe(true);
    expect(e.message).toBe('Trainers are down');
  });
});

describe('retry policy', () => {
  it('retries once, never a 4xx', () => {
    const server = ApiError.fromResponse(503, {});
    const client = ApiError.fromResponse(404, {});
    const network = new ApiError({ kind: 'network', message: 'Failed to fetch' });
    expect(shouldRetry(0, server)).toBe(true);
    expect(shouldRetry(1, server)).toBe(false);
    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(0, client)).toBe(false);
    expect(isClientError(client)).toBe(true);
    expect(shouldRetry(0, new ApiError({ kind: 'validation', message: 'x' }))).toBe(false);
  });
});
