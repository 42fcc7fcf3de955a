// The guards' generator without the stack: every route of the contracts gets a valid request and a table of bad ones,
// so a new route the generator cannot sample fails here, in the unit tests, before any browser test runs.
import { allRouteContracts } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { badCases, framingCases, type BadCase } from './bad-cases.ts';
import { validSample } from './samples.ts';

const ctx = { locationId: randomUUID(), joinCode: 'ABC234', currentPassword: 'Current pass 2026' };
/** The route's table, made once for the route's tests that run one after the other (a table holds megabytes of oversize bodies, so only the last is kept). */
let last: { route: string; cases: BadCase[] } | undefined;
const casesOf = (r: (typeof allRouteContracts)[number]): BadCase[] => {
  if (last?.route !== r.name) last = { route: r.name, cases: badCases(r, ctx) };
  return last.cases;
};

describe.each(allRouteContracts.map((r) => [r.name, r] as const))('%s', (_name, r) => {
  it('has a valid sample request for each part its contract declares', () => {
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = r.contract[part];
      if (schema) expect(schema.safeParse(validSample(schema, r.name, ctx)).success, part).toBe(true);
    }
  });

  it('gets bad cases for every field, each one field of a valid request broken one way', () => {
    const cases = casesOf(r);
    expect(cases.length).toBeGreaterThan(0);
    // A body field is a path (a.b[0]); a query or path field is a key as it stands (Meta's `hub.mode` has a dot in it).
    const fields = new Set(cases.filter((c) => c.part !== 'request').map((c) => `${c.part}.${c.part === 'body' ? c.field.split(/[.[]/)[0] : c.field}`));
    for (const part of ['params', 'query', 'body'] as const) {
      const shape = (r.contract[part] as { shape?: Record<string, unknown> } | undefined)?.shape;
      for (const key of Object.keys(shape ?? {})) expect(fields, `${part}.${key}`).toContain(`${part}.${key}`);
    }
    // Every body case the schema could check is one the schema refuses (policy kinds are sent regardless).
    const body = r.contract.body;
    if (body) {
      for (const c of cases.filter((x) => x.part === 'body' && !/NUL|control|bidi|huge|year/.test(x.kind))) {
        expect(body.safeParse(JSON.parse(String(c.body))).success, `${c.field} ${c.kind}`).toBe(false);
      }
    }
  });

  it('sends broken bodies to every route that takes one, and none to a GET', () => {
    const kinds = casesOf(r)
      .filter((c) => c.part === 'request')
      .map((c) => c.kind);
    if (r.contract.method === 'GET') expect(kinds.some((k) => /oversize|JSON/.test(k))).toBe(false);
    else
      expect(kinds).toEqual(
        expect.arrayContaining(['broken JSON: truncated', 'wrong content type: form', 'oversize 1.1 MiB (Content-Length)', 'oversize 1.1 MiB (chunked)']),
      );
  });
});

/** The query string of a bad case as the service's query parser sees it (undefined when it cannot be decoded). */
const queryOf = (path: string): Record<string, string> | undefined => {
  try {
    return Object.fromEntries(
      path
        .split('?')[1]!
        .split('&')
        .map((kv) => kv.split('=').map((x) => decodeURIComponent(x)) as [string, string]),
    );
  } catch {
    return undefined;
  }
};

// Issue 8: text that no person types (U+0000, control characters, bidi overrides), unbounded strings and dates outside
// a sensible window are refused by the contracts themselves, so no service, database or log ever holds them. The guard
// sends these "policy" values through the stack whatever the schema says; here every route's schema must refuse them.
describe('policy values are refused by the contracts themselves', () => {
  it.each(allRouteContracts.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    const accepted: string[] = [];
    for (const c of casesOf(r)) {
      // Every body field: a write must never take these. Query text: no search or filter carries them either.
      if (c.part === 'body' && /NUL|control|bidi|huge|year/.test(c.kind)) {
        if (r.contract.body!.safeParse(JSON.parse(String(c.body))).success) accepted.push(`body ${c.field}: ${c.kind}`);
      } else if (c.part === 'query' && /NUL|control|bidi/.test(c.kind)) {
        const q = queryOf(c.path);
        if (!q || r.contract.query!.safeParse(q).success) accepted.push(`query ${c.field}: ${c.kind}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});

it('frames raw requests for the HTTP parser with the host given', () => {
  for (const f of framingCases('127.0.0.1:18080')) expect(f.bytes).toMatch(/\r\n\r\n/);
});
