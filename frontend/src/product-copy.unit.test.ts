import { describe, expect, it } from 'vitest';

/** Product code never ships placeholder wording or invented data. */
const sources = import.meta.glob<string>(['./**/*.{ts,tsx,json,css}', '!./**/*.unit.test.{ts,tsx}', '!./testing/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const FORBIDDEN = [
  ['coming', 'soon'],
  ['not', 'implemented'],
  ['will be', 'implemented'],
  ['sample', 'data'],
  ['sample', 'member'],
  ['lorem', 'ipsum'],
].map((w) => w.join(' '));

describe('product copy', () => {
  it('reads all product sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });
  it.each(FORBIDDEN)('never says "%s"', (phrase) => {
    const hits = Object.entries(sources)
      .filter(([, text]) => text.toLowerCase().includes(phrase))
      .map(([path]) => path);
    expect(hits).toEqual([]);
  });
});
