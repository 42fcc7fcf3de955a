import { formatDate } from './format';

export const MINUTE = 60;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type RelativeTime = { unit: 'justNow' } | { unit: 'minutes' | 'hours' | 'days'; count: number } | { unit: 'date'; date: Date };

/** Switch points: 60 seconds, 1 hour, 1 day, 30 days. A time in the future counts as "just now". */
export function classifyRelativeTime(value: string | number | Date, nowMs: number): RelativeTime {
  const date = value instanceof Date ? value : new Date(value);
  const seconds = Math.floor((nowMs - date.getTime()) / 1000);
  if (seconds < MINUTE) return { unit: 'justNow' };
  if (seconds < HOUR) return { unit: 'minutes', count: Math.floor(seconds / MINUTE) };
  if (seconds < DAY) return { unit: 'hours', count: Math.floor(seconds / HOUR) };
  if (seconds < 30 * DAY) return { unit: 'days', count: Math.floor(seconds / DAY) };
  return { unit: 'date', date };
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "Just now", "{n}m ago", "{n}h ago", "{n}d ago", else a date (en-IN / hi-IN). Texts come from common:time.* */
export function formatRelativeTime(value: string | number | Date, nowMs: number, t: Translate, lang: string): string {
  const r = classifyRelativeTime(value, nowMs);
  switch (r.unit) {
    case 'justNow':
      return t('common:time.justNow');
    case 'minutes':
      return t('common:time.minutesAgo', { count: r.count });
    case 'hours':
      return t('common:time.hoursAgo', { count: r.count });
    case 'days':
      return t('common:time.daysAgo', { count: r.count });
    case 'date':
      return formatDate(r.date, lang);
    default: {
      const never: never = r;
      return never;
    }
  }
}
