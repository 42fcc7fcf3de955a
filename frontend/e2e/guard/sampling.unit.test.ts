// The guard's per-run sample without the stack: every field of every route and every route's broken bodies are in each
// run's sample, the same seed sends the same cases, another seed other ones, and over runs every case is sent.
import { allRouteContracts } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { badCases, type BadCase } from './bad-cases.ts';
import { guardSampling, pick, sampleCases } from './sampling.ts';

const ctx = { locationId: randomUUID(), joinCode: 'ABC234', currentPassword: 'Current pass 2026' };
const key = (c: BadCase) => `${c.route}|${c.part}|${c.field}|${c.kind}`;
const group = (c: BadCase) => `${c.part}|${c.part === 'request' ? '-' : c.field}`;
const sampled = (seed: string) => guardSampling({ GUARD_SEED: seed });

describe('guardSampling', () => {
  it('takes GUARD_SEED, else today’s date in UTC, and GUARD_FULL=1 for every case', () => {
    expect(guardSampling({ GUARD_SEED: ' 4711 ' })).toMatchObject({ full: false, seed: '4711' });
    expect(guardSampling({}, new Date('2026-11-28T23:59:00Z')).seed).toBe('20261128');
    expect(guardSampling({ GUARD_FULL: '1' }).full).toBe(true);
  });
});

describe('pick', () => {
  it('keeps k items, the same for the same seed, in their order', () => {
    const items = Array.from({ length: 30 }, (_, i) => `kind ${i}`);
    const a = pick(items, 3, 'seed-a', (x) => x);
    expect(a).toHaveLength(3);
    expect(pick(items, 3, 'seed-a', (x) => x)).toEqual(a);
    expect(a).toEqual([...a].sort((x, y) => items.indexOf(x) - items.indexOf(y)));
    expect(pick(items.slice(0, 2), 3, 'seed-a', (x) => x)).toEqual(items.slice(0, 2));
  });
});

/**
 * "Every case within 200 runs" costs 200 samplings of a route's whole table: checked for 25 routes a run, chosen by
 * the run's guard seed (others in other runs), and for every route under GUARD_FULL=1 (npm run test:full).
 */
const thisRun = guardSampling();
const coverageChecked = new Set(
  thisRun.full
    ? allRouteContracts.map((r) => r.name)
    : pick(
        allRouteContracts.map((r) => r.name),
        25,
        thisRun.seed,
        (name) => `coverage|${name}`,
      ),
);

describe('each route’s sample', () => {
  let total = 0;
  let kept = 0;
  let differ = 0;

  // One route at a time: a route's full table holds megabytes of oversize bodies.
  it.each(allRouteContracts.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    const all = badCases(r, ctx);
    const groups = new Set(all.map(group));
    for (const seed of ['1', '20261128', 'ci-run-42']) {
      // Every field and the broken bodies, each with at most two cases.
      const sample = sampleCases(all, sampled(seed));
      const perGroup = new Map<string, number>();
      for (const c of sample) perGroup.set(group(c), (perGroup.get(group(c)) ?? 0) + 1);
      expect(new Set(perGroup.keys())).toEqual(groups);
      expect(Math.max(...perGroup.values())).toBeLessThanOrEqual(2);
    }
    // The same seed, the same cases, whatever random values (emails, ids) they carry.
    expect(sampleCases(badCases(r, ctx), sampled('7')).map(key)).toEqual(sampleCases(all, sampled('7')).map(key));
    // Every case within 200 runs.
    if (coverageChecked.has(r.name)) {
      const seen = new Set<string>();
      for (let seed = 0; seed < 200; seed++) for (const c of sampleCases(all, sampled(String(seed)))) seen.add(key(c));
      expect([...new Set(all.map(key))].filter((k) => !seen.has(k))).toEqual([]);
    }
    // Every case under GUARD_FULL=1.
    expect(sampleCases(all, guardSampling({ GUARD_FULL: '1' }))).toEqual(all);

    total += all.length;
    kept += sampleCases(all, sampled('a')).length;
    if (sampleCases(all, sampled('a')).map(key).join() !== sampleCases(all, sampled('b')).map(key).join()) differ++;
  });

  it('sends under a fifth of the full sweep, and another seed chooses other cases', () => {
    expect(total).toBeGreaterThan(0);
    expect(kept / total).toBeLessThan(0.2);
    expect(differ).toBeGreaterThan(allRouteContracts.length / 2);
  });
});
