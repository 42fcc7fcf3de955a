import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The operator-editable content files, read as plain JSON (no contract): a translator must keep the same shape. */
const load = (lang: string): unknown => JSON.parse(readFileSync(new URL(`../content/landing.${lang}.json`, import.meta.url), 'utf8'));

/** Paths of every leaf with its kind: keys, list lengths and value types, but not the words. */
const shape = (v: unknown, path = ''): string[] => {
  if (Array.isArray(v)) return [`${path}: list of ${v.length}`, ...v.flatMap((x, i) => shape(x, `${path}[${i}]`))];
  if (v !== null && typeof v === 'object')
    return Object.keys(v)
      .sort()
      .flatMap((k) => shape((v as Record<string, unknown>)[k], path ? `${path}.${k}` : k));
  return [`${path}: ${v === null ? 'null' : typeof v}`];
};

describe('landing content files', () => {
  it('have the same structure in English and Hindi: same keys, list lengths and value types', () => {
    expect(shape(load('hi'))).toEqual(shape(load('en')));
  });
});
