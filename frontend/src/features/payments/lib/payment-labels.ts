import { urgencyOf, type PaymentUrgency } from '@akhada/contracts';

export const URGENCY_TONE: Record<PaymentUrgency, string> = {
  critical: 'badge--danger',
  urgent: 'badge--priority-high',
  overdue: 'pay-badge--amber',
  due_soon: 'badge--info',
};
export { urgencyOf };

/** Today as YYYY-MM-DD in the browser's calendar (the server decides what counts; this only fills forms). */
export function todayIso(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Salary year options: the current year minus 2 through plus 2 (spec). */
export const salaryYears = (now = new Date()) => Array.from({ length: 5 }, (_, i) => now.getFullYear() - 2 + i);
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** "2026-04" as a month name and year in the UI language. */
export function monthLabel(ym: string, lang: string): string {
  const [y, m] = ym.split('-').map(Number);
  return new Date(y ?? 2000, (m ?? 1) - 1, 1).toLocaleDateString(lang === 'hi' ? 'hi-IN' : 'en-IN', {
    month: 'short',
    year: 'numeric',
    numberingSystem: 'latn',
  });
}
export function monthName(month: number, lang: string): string {
  return new Date(2000, month - 1, 1).toLocaleDateString(lang === 'hi' ? 'hi-IN' : 'en-IN', { month: 'long' });
}
