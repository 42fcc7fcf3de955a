/**
 * A message's time as the spec shows it: the time of day under 24 hours, the weekday under 168 hours (a week), else the
 * date. `lang` is the app's language (en or hi); dates are in the browser's time zone.
 */
export function formatMessageTime(iso: string, now: Date, lang: string): string {
  const at = new Date(iso);
  const hours = (now.getTime() - at.getTime()) / 3_600_000;
  const locale = lang === 'hi' ? 'hi-IN' : 'en-IN';
  if (hours < 24) return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(at);
  if (hours < 168) return new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(at);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(at);
}

/** The unread badge: the count, or "9+" above 9 (spec §9). */
export const unreadBadge = (n: number): string => (n > 9 ? '9+' : String(n));

/** Bytes as people read them (1.2 MB). */
export function formatBytes(n: number, lang: string): string {
  const locale = lang === 'hi' ? 'hi-IN' : 'en-IN';
  const fmt = (v: number, unit: string) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(v)} ${unit}`;
  if (n < 1024) return fmt(n, 'B');
  if (n < 1024 * 1024) return fmt(n / 1024, 'KB');
  return fmt(n / (1024 * 1024), 'MB');
}
