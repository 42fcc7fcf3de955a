import { describe, expect, it } from 'vitest';
import enCommon from '../locales/en/common.json';
import hiCommon from '../locales/hi/common.json';
import { classifyRelativeTime, DAY, formatRelativeTime, HOUR, MINUTE, type Translate } from './relative-time';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

function translator(resources: typeof enCommon): Translate {
  return (key, options) => {
    const path = key.replace(/^common:/, '').split('.');
    let node: unknown = resources;
    for (const p of path) node = (node as Record<string, unknown>)[p];
    return String(node).replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(options?.[name]));
  };
}
const en = translator(enCommon);
const hi = translator(hiCommon);

describe('relative time switch points', () => {
  it.each([
    [0, 'Just now'],
    [59, 'Just now'],
    [MINUTE, '1m ago'],
    [HOUR - 1, '59m ago'],
    [HOUR, '1h ago'],
    [DAY - 1, '23h ago'],
    [DAY, '1d ago'],
    [30 * DAY - 1, '29d ago'],
  ])('%i seconds ago reads "%s"', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), NOW, en, 'en')).toBe(text);
  });

  it('shows a date from 30 days on (en-IN)', () => {
    const value = ago(30 * DAY);
    expect(classifyRelativeTime(value, NOW).unit).toBe('date');
    const text = formatRelativeTime(value, NOW, en, 'en');
    expect(text).toMatch(/2025/);
    expect(text).toMatch(/May/);
  });

  it('shows the date in hi-IN for Hindi', () => {
    const text = formatRelativeTime(ago(40 * DAY), NOW, hi, 'hi');
    expect(text).toMatch(/2025/);
    expect(text).toMatch(/[\u0900-\u097F]/);
  });

  it('treats a time slightly in the future (clock skew) as just now', () => {
    expect(formatRelativeTime(new Date(NOW + 5000).toISOString(), NOW, en, 'en')).toBe('Just now');
  });

  it('speaks Hindi', () => {
    expect(formatRelativeTime(ago(5 * MINUTE), NOW, hi, 'hi')).toBe('5 मिनट पहले');
    expect(formatRelativeTime(ago(3 * HOUR), NOW, hi, 'hi')).toBe('3 घंटे पहले');
    expect(formatRelativeTime(ago(2 * DAY), NOW, hi, 'hi')).toBe('2 दिन पहले');
    expect(formatRelativeTime(ago(10), NOW, hi, 'hi')).toBe('अभी-अभी');
  });
});
