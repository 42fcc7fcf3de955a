// The gateway's hand-over of API keys' usage to auth (issue 29): batches of the limiter's counts, kept for the next
// batch when auth does not take them, and the usage route's sum of stored days and counts not yet stored.
import { ApiKeyUsageCounts } from '@akhada/contracts';
import { describe, expect, it } from 'vitest';
import { createKeyLimiter } from '../src/api-key-limits.ts';
import { createKeyUsageStore, defaultAuthOpsUrl, mergeUsage } from '../src/api-key-usage-store.ts';

const KEY = '0190a1b2-c3d4-7e5f-8a9b-00000000ca01';
const ORG = '0190a1b2-c3d4-7e5f-8a9b-0000000000a0';
const at = Date.parse('2026-11-29T12:00:10.000Z');

describe('API key usage store', () => {
  it('hands the counts over once; when auth fails they wait for the next batch (warned once), then go', async () => {
    const limiter = createKeyLimiter({ now: () => at });
    const sent: ApiKeyUsageCounts[] = [];
    let up = false;
    const warnings: unknown[] = [];
    const store = createKeyUsageStore({
      url: 'http://auth-ops',
      limiter,
      logger: { warn: (...a: unknown[]) => void warnings.push(a) } as never,
      fetch: (async (_url: string, init: RequestInit) => {
        if (!up) throw new Error('connection refused');
        sent.push(ApiKeyUsageCounts.parse(JSON.parse(String(init.body))));
        return new Response(null, { status: 204 });
      }) as typeof fetch,
    });
    limiter.take(KEY, 1, ORG);
    limiter.take(KEY, 1, ORG); // past the limit: counted as limited
    await store.flush();
    await store.flush();
    expect(sent).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(limiter.pendingOf(KEY)).toEqual([{ date: '2026-11-29', requests: 1, limited: 1 }]);
    up = true;
    limiter.take(KEY, 1, ORG);
    await store.stop();
    expect(sent).toEqual([{ counts: [{ keyId: KEY, date: '2026-11-29', requests: 1, limited: 2 }] }]);
    expect(limiter.pendingOf(KEY)).toEqual([]);
    await store.flush();
    expect(sent).toHaveLength(1);
  });

  it('adds stored days and pending counts per day, the last 30 days newest first', () => {
    expect(
      mergeUsage(
        [
          { date: '2026-11-29', requests: 5, limited: 0 },
          { date: '2026-10-01', requests: 9, limited: 0 },
        ],
        [
          { date: '2026-11-29', requests: 2, limited: 1 },
          { date: '2026-11-28', requests: 1, limited: 0 },
        ],
        at,
      ),
    ).toEqual([
      { date: '2026-11-29', requests: 7, limited: 1 },
      { date: '2026-11-28', requests: 1, limited: 0 },
    ]);
  });

  it("finds auth's ops port by the kit's rule (port + 1000)", () => {
    expect(defaultAuthOpsUrl('http://127.0.0.1:4101')).toBe('http://127.0.0.1:5101');
    expect(defaultAuthOpsUrl('http://auth:4101/')).toBe('http://auth:5101');
  });
});
