import { memberRoutes, type MemberCopy } from '@akhada/contracts';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.ts';
import { ownerRead, peopleOwners } from './owner-client.ts';
import { readThrough } from './read-through.ts';

const MEMBER_ID = '0199a000-0000-7000-8000-000000000001';
const copy: MemberCopy = {
  memberId: MEMBER_ID,
  locationId: '0199a000-0000-7000-8000-0000000000aa',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  status: 'active',
  membershipType: 'basic',
  paymentFrequency: 'monthly',
  feePaise: 150_000,
  startDate: '2026-01-01',
  endDate: '2026-02-01',
  terms: [{ termNo: 1, startDate: '2026-01-01', endDate: '2026-02-01' }],
  trainerId: null,
  version: 1,
  updatedAt: '2026-01-01T10:00:00.000Z',
};
const caller = { bearer: 'token-of-the-caller', correlationId: 'corr-1', requestId: 'req-1' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ownerRead (the typed client of an owner route)', () => {
  it('fills the path, forwards the caller’s token and correlation id, and answers the parsed 200', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, { success: true, data: copy }));
    const read = ownerRead(memberRoutes.copy, { baseUrl: 'http://members.internal:4102/', fetch: fetch as typeof globalThis.fetch });
    await expect(read({ id: MEMBER_ID }, caller)).resolves.toEqual({ success: true, data: copy });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`http://members.internal:4102/members/${MEMBER_ID}/copy`);
    expect(init?.headers).toMatchObject({ authorization: 'Bearer token-of-the-caller', 'x-correlation-id': 'corr-1' });
  });

  it('answers null when the owner does not show it to the caller (404, 403)', async () => {
    for (const status of [404, 403]) {
      const read = ownerRead(memberRoutes.copy, { baseUrl: 'http://m', fetch: (async () => json(status, { success: false })) as typeof fetch });
      await expect(read({ id: MEMBER_ID }, caller)).resolves.toBeNull();
    }
  });

  it('asks nobody without the caller’s token (the owner could not scope the read)', async () => {
    const fetch = vi.fn();
    const read = ownerRead(memberRoutes.copy, { baseUrl: 'http://m', fetch: fetch as unknown as typeof globalThis.fetch });
    await expect(read({ id: MEMBER_ID }, { correlationId: 'c', requestId: 'r' })).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is a 503 "try again" when the owner fails, answers outside its contract, or is unreachable — once, no retry', async () => {
    const cases: (() => Promise<Response>)[] = [
      async () => json(500, { success: false }),
      async () => json(200, { success: true, data: { ...copy, version: 'one' } }),
      async () => {
        throw new TypeError('fetch failed');
      },
    ];
    for (const answer of cases) {
      const fetch = vi.fn(answer);
      const read = ownerRead(memberRoutes.copy, { baseUrl: 'http://m', fetch: fetch as unknown as typeof globalThis.fetch });
      const err = await read({ id: MEMBER_ID }, caller).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it('gives up after its timeout with a 503', async () => {
    const fetch = (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));
    const read = ownerRead(memberRoutes.copy, { baseUrl: 'http://m', timeoutMs: 20, fetch: fetch as typeof globalThis.fetch });
    await expect(read({ id: MEMBER_ID }, caller)).rejects.toMatchObject({ status: 503 });
  });

  it('peopleOwners answers the data of the member copy', async () => {
    const owners = peopleOwners(
      { MEMBERS_URL: 'http://m', TRAINERS_URL: 'http://t' },
      { fetch: (async () => json(200, { success: true, data: copy })) as typeof fetch },
    );
    await expect(owners.member(MEMBER_ID, caller)).resolves.toEqual(copy);
  });
});

describe('readThrough', () => {
  it('asks nobody when the copy knows the person (the hot path)', async () => {
    const remote = vi.fn();
    const save = vi.fn();
    await expect(readThrough({ local: async () => ({ id: 'm1' }), remote, save })).resolves.toEqual({ id: 'm1' });
    expect(remote).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
  });

  it('on a miss, asks the owner once, saves the answer and reads the copy again', async () => {
    const rows = new Map<string, { id: string }>();
    const save = vi.fn(async (a: { id: string }) => void rows.set(a.id, a));
    const found = await readThrough({ local: async () => rows.get('m1'), remote: async () => ({ id: 'm1' }), save });
    expect(found).toEqual({ id: 'm1' });
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('stays a miss when the owner does not show the person (nothing saved)', async () => {
    const save = vi.fn();
    await expect(readThrough({ local: async () => undefined, remote: async () => null, save })).resolves.toBeUndefined();
    expect(save).not.toHaveBeenCalled();
  });

  it('shares one owner call between concurrent misses with the same key', async () => {
    const rows = new Map<string, { id: string }>();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const remote = vi.fn(async () => {
      await gate;
      return { id: 'm1' };
    });
    const one = () => readThrough({ local: async () => rows.get('m1'), remote, save: async (a) => void rows.set(a.id, a), key: 'member:m1:t' });
    const all = Promise.all([one(), one(), one()]);
    await vi.waitFor(() => expect(remote).toHaveBeenCalled());
    release();
    expect(await all).toEqual([{ id: 'm1' }, { id: 'm1' }, { id: 'm1' }]);
    expect(remote).toHaveBeenCalledTimes(1);
  });
});
