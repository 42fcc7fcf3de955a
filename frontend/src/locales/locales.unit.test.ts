import { describe, expect, it } from 'vitest';

/** Every English key exists in Hindi and the other way round, with text and the same {{placeholders}}. */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = v;
  }
  return out;
}

function byLanguage(lang: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, json] of Object.entries(files)) {
    const m = /^\.\/(\w+)\/(\w+)\.json$/.exec(path);
    if (m && m[1] === lang) for (const [k, v] of Object.entries(flatten(json))) out[`${m[2]}:${k}`] = v;
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const en = byLanguage('en');
const hi = byLanguage('hi');

describe('translations', () => {
  it('has both languages', () => {
    expect(Object.keys(en).length).toBeGreaterThan(300);
  });

  it('has every English key in Hindi', () => {
    expect(Object.keys(en).filter((k) => !(k in hi))).toEqual([]);
  });

  it('has no Hindi key that English lacks', () => {
    expect(Object.keys(hi).filter((k) => !(k in en))).toEqual([]);
  });

  it('has non-empty strings everywhere', () => {
    const bad = [...Object.entries(en), ...Object.entries(hi)].filter(([, v]) => typeof v !== 'string' || v.trim() === '');
    expect(bad).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const mismatched = Object.keys(en).filter(
      (k) => typeof en[k] === 'string' && typeof hi[k] === 'string' && placeholders(en[k] as string).join() !== placeholders(hi[k] as string).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('leaves no English on Hindi pages (apart from the language name and an example address)', () => {
    const allowed = new Set(['common:language.en', 'auth:login.emailPlaceholder']);
    const latin = Object.entries(hi).filter(([k, v]) => !allowed.has(k) && /[A-Za-z]/.test(String(v).replace(/{{\s*\w+\s*}}/g, '')));
    expect(latin).toEqual([]);
  });
});
