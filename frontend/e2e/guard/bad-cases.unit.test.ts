// The guards' generator without the stack: every route of the contracts gets a valid request and a table of bad ones,
// so a new route the generator cannot sample fails here, in the unit tests, before any browser test runs.
import { allRouteContracts } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { badCases, framingCases } from './bad-cases.ts';
import { validSample } from './samples.ts';

const ctx = { locationId: randomUUID(), joinCode: 'ABC234', currentPassword: 'Current pass 2026' };

describe.each(allRouteContracts.map((r) => [r.name, r] as const))('%s', (_name, r) => {
  it('has a valid sample request for each part its contract declares', () => {
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = r.contract[part];
      if (schema) expect(schema.safeParse(validSample(schema, r.name, ctx)).success, part).toBe(true);
    }
  });

  it('gets bad cases for every field, each one field of a valid request broken one way', () => {
    const cases = badCases(r, ctx);
    expect(cases.length).toBeGreaterThan(0);
    const fields = new Set(cases.filter((c) => c.part !== 'request').map((c) => `${c.part}.${c.field.split(/[.[]/)[0]}`));
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
    const kinds = badCases(r, ctx)
      .filter((c) => c.part === 'request')
      .map((c) => c.kind);
    if (r.contract.method === 'GET') expect(kinds.some((k) => /oversize|JSON/.test(k))).toBe(false);
    else
      expect(kinds).toEqual(
        expect.arrayContaining(['broken JSON: truncated', 'wrong content type: form', 'oversize 1.1 MiB (Content-Length)', 'oversize 1.1 MiB (chunked)']),
      );
  });
});

it('frames raw requests for the HTTP parser with the host given', () => {
  for (const f of framingCases('127.0.0.1:18080')) expect(f.bytes).toMatch(/\r\n\r\n/);
});
