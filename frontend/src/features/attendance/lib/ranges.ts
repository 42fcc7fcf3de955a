/** The report ranges of the management page as local calendar dates (yyyy-mm-dd): weeks run Sunday to Saturday. */
export type RangeKind = 'today' | 'weekly' | 'monthly';

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function rangeOf(kind: RangeKind, now = new Date()): { startDate: string; endDate: string } {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (kind === 'today') return { startDate: iso(day), endDate: iso(day) };
  if (kind === 'weekly') {
    const start = new Date(day);
    start.setDate(day.getDate() - day.getDay());
    const end = new Date(start);
    end.setDate(start.getDate() + 6);
    return { startDate: iso(start), endDate: iso(end) };
  }
  return { startDate: iso(new Date(day.getFullYear(), day.getMonth(), 1)), endDate: iso(new Date(day.getFullYear(), day.getMonth() + 1, 0)) };
}

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
