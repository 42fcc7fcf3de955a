import type { NotificationStats, NotificationType } from '@akhada/contracts';
import type { z } from 'zod';
import type { NotificationQuery } from '../../../lib/query-keys/notifications';

export const FILTER_TABS = ['all', 'unread', 'payment', 'attendance', 'trainer', 'system', 'feedback'] as const;
export type FilterTab = (typeof FILTER_TABS)[number];
export const PAGE_SIZE = 20;

export function parseTab(value: string | null): FilterTab {
  return (FILTER_TABS as readonly string[]).includes(value ?? '') ? (value as FilterTab) : 'all';
}

export function queryForTab(tab: FilterTab, page: number): NotificationQuery {
  if (tab === 'all') return { page, limit: PAGE_SIZE };
  if (tab === 'unread') return { page, limit: PAGE_SIZE, status: 'unread' };
  return { page, limit: PAGE_SIZE, type: tab };
}

type Stats = z.infer<typeof NotificationStats>;

/** Count and "has unread" for each filter tab, from the stats call. */
export function tabCounts(stats: Stats | undefined): Record<FilterTab, { count: number; unread: number }> {
  const byType = (type: NotificationType) => stats?.typeStats.find((s) => s._id === type);
  const total = stats?.typeStats.reduce((sum, s) => sum + s.count, 0) ?? 0;
  const unread = stats?.unreadCount ?? 0;
  const pick = (type: NotificationType) => ({ count: byType(type)?.count ?? 0, unread: byType(type)?.unread ?? 0 });
  return {
    all: { count: total, unread },
    unread: { count: unread, unread },
    payment: pick('payment'),
    attendance: pick('attendance'),
    trainer: pick('trainer'),
    system: pick('system'),
    feedback: pick('feedback'),
  };
}

/** Page numbers start at 1 and stay within the known total. */
export function clampPage(page: number, totalPages: number): number {
  const p = Number.isFinite(page) ? Math.floor(page) : 1;
  return Math.max(1, Math.min(p, Math.max(1, totalPages)));
}
