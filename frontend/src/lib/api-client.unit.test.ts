import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-client';
import { ApiError } from './api-error';

/** A response whose status line arrived but whose body did not. */
const cutOff = (status: number, cause: Error): Response =>
  ({ ok: status >= 200 && status < 300, status, headers: new Headers(), text: () => Promise.reject(cause) }) as unknown as Response;

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch: a body cut off on its way', () => {
  it('is a network error on a 2xx, not an empty answer the caller would parse', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(cutOff(200, new TypeError('terminated'))));
    const err = await apiFetch({ method: 'GET', path: '/chat/conversations', auth: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('network');
  });

  it('stays an abort when the caller aborted (React Query drops it quietly)', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(cutOff(200, new DOMException('The operation was aborted.', 'AbortError'))));
    const err = await apiFetch({ method: 'GET', path: '/chat/conversations', auth: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DOMException);
    expect((err as DOMException).name).toBe('AbortError');
  });

  it('keeps the status of an error answer whose body is lost', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(cutOff(503, new TypeError('terminated'))));
    const err = await apiFetch({ method: 'GET', path: '/chat/conversations', auth: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(503);
  });
});
