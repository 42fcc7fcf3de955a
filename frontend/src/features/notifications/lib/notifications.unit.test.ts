import type { Notification } from '@akhada/contracts';
import { describe, expect, it } from 'vitest';
import { formatBadgeCount } from './badge-count';
import { clampPage, parseTab, queryForTab, tabCounts } from './filters';
import { markReadInList, prependNotification, safeActionPath, type NotificationListData } from './list-cache';

const n = (i: number, status: Notification['status'] = 'unread'): Notification => ({
  _id: `0195d6a4-0000-7000-8000-${String(i).padStart(12, '0')}`,
  type: 'payment',
  category: 'payment_due',
  status,
  priority: 'medium',
  title: `Title ${i}`,
  message: `Message ${i}`,
  createdAt: '2025-06-15T10:00:00Z',
  readAt: null,
  actionUrl: null,
  actionText: null,
  locationId: null,
});

describe('bell badge', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [1234, '99+'],
  ])('%i → "%s"', (count, text) => expect(formatBadgeCount(count)).toBe(text));
});

describe('bell list', () => {
  it('puts a new notification first and keeps 10', () => {
    const list = Array.from({ length: 10 }, (_, i) => n(i));
    const next = prependNotification(list, n(99));
    expect(next).toHaveLength(10);
    expect(next[0]!._id).toBe(n(99)._id);
    expect(next.at(-1)!._id).toBe(n(8)._id);
  });
  it('does not show the same notification twice', () => {
    const next = prependNotification([n(1), n(2)], n(2));
    expect(next.map((x) => x._id)).toEqual([n(2)._id, n(1)._id]);
  });
  it('marks one read in a cached page', () => {
    const data: NotificationListData = {
      success: true,
      data: { notifications: [n(1), n(2)] },
      totalCount: 2,
      pagination: { page: 1, limit: 20, totalPages: 1 },
    };
    const next = markReadInList(data, n(2)._id, '2025-06-15T11:00:00Z');
    expect(next.data.notifications[1]).toMatchObject({ status: 'read', readAt: '2025-06-15T11:00:00Z' });
    expect(next.data.notifications[0]!.status).toBe('unread');
    expect(markReadInList(next, n(2)._id, 'later')).toBe(next);
  });
  it('follows only in-app action paths', () => {
    expect(safeActionPath('/dashboard/payments')).toBe('/dashboard/payments');
    expect(safeActionPath('https://evil.example')).toBeNull();
    expect(safeActionPath('//evil.example')).toBeNull();
    expect(safeActionPath('javascript:alert(1)')).toBeNull();
    expect(safeActionPath(null)).toBeNull();
  });
});

describe('notification filters', () => {
  it('maps tabs to server filters, 20 per page', () => {
    expect(queryForTab('all', 2)).toEqual({ page: 2, limit: 20 });
    expect(queryForTab('unread', 1)).toEqual({ page: 1, limit: 20, status: 'unread' });
    expect(queryForTab('trainer', 1)).toEqual({ page: 1, limit: 20, type: 'trainer' });
    expect(parseTab('nonsense')).toBe('all');
    expect(parseTab('payment')).toBe('payment');
  });
  it('counts per tab from the stats', () => {
    const counts = tabCounts({
      unreadCount: 3,
      typeStats: [
        { _id: 'payment', count: 5, unread: 2 },
        { _id: 'system', count: 4, unread: 1 },
        { _id: 'inventory', count: 2, unread: 0 },
      ],
    });
    expect(counts.all).toEqual({ count: 11, unread: 3 });
    expect(counts.unread).toEqual({ count: 3, unread: 3 });
    expect(counts.payment).toEqual({ count: 5, unread: 2 });
    expect(counts.feedback).toEqual({ count: 0, unread: 0 });
  });
  it('clamps the page between 1 and the total', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(4, 0)).toBe(1);
  });
});
