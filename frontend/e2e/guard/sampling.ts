// Which bad cases a run of the guard sends. `npm test` sends a sample: every field of every route gets a few of its bad
// values, and every route a few of its broken bodies, chosen by a seed that changes from run to run, so over many runs
// every case is sent while each run stays short. `npm run test:full` (GUARD_FULL=1) sends every case. The choice
// depends only on the seed and the cases' names (route, part, field, kind), never on the random values inside them,
// so `GUARD_SEED=<the seed a run printed> npm test` sends the same cases again.
import type { BadCase } from './bad-cases.ts';

export interface GuardSampling {
  /** Every case (GUARD_FULL=1), or a sample chosen by `seed`. */
  full: boolean;
  seed: string;
  /** Bad values per field (body, query and path fields). */
  perField: number;
  /** Broken bodies and framing per route (part `request`). */
  perRequest: number;
}

/** Today in UTC (20261128): the seed when none is given, so the guard files of one run agree without talking. */
const today = (now = new Date()) => now.toISOString().slice(0, 10).replace(/-/g, '');

export const guardSampling = (env: NodeJS.ProcessEnv = process.env, now = new Date()): GuardSampling => ({
  full: env.GUARD_FULL === '1',
  seed: env.GUARD_SEED?.trim() || today(now),
  perField: 2,
  perRequest: 2,
});

export const describeSampling = (s: GuardSampling): string =>
  s.full
    ? 'every case (GUARD_FULL=1, as `npm run test:full` runs)'
    : `a sample: ${s.perField} bad values per field and ${s.perRequest} broken bodies per route, seed ${s.seed} (the same cases again: GUARD_SEED=${s.seed} npm test; every case: npm run test:full)`;

/** A number from the seed and a name, the same on every machine (cyrb53: cheap, and well spread for this). */
const rank = (seed: string, key: string): number => {
  const text = `${seed}\u0000${key}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
};

/** The `k` items whose (seed, key) rank lowest: a deterministic pick that changes with the seed. */
export const pick = <T>(items: readonly T[], k: number, seed: string, key: (item: T) => string): T[] => {
  if (items.length <= k) return [...items];
  const chosen = new Set(
    items
      .map((item, i) => ({ i, r: rank(seed, key(item)) }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .slice(0, k)
      .map((x) => x.i),
  );
  return items.filter((_, i) => chosen.has(i));
};

const caseKey = (c: BadCase) => `${c.route}|${c.part}|${c.field}|${c.kind}`;

/** The cases of one route this run sends, in their original order. */
export const sampleCases = (cases: readonly BadCase[], s: GuardSampling): BadCase[] => {
  if (s.full) return [...cases];
  const groups = new Map<string, BadCase[]>();
  for (const c of cases) {
    const g = `${c.part}|${c.part === 'request' ? '-' : c.field}`;
    const list = groups.get(g);
    if (list) list.push(c);
    else groups.set(g, [c]);
  }
  const keep = new Set<BadCase>();
  for (const [g, list] of groups) for (const c of pick(list, g.startsWith('request|') ? s.perRequest : s.perField, s.seed, caseKey)) keep.add(c);
  return cases.filter((c) => keep.has(c));
};
