import { describe, expect, it } from 'vitest';
import { formatBytes, formatMessageTime, unreadBadge } from './format-time';

const now = new Date('2026-11-20T12:00:00Z');
describe('message times', () => {
  it('shows the time under 24 h, the weekday under 168 h, else the date', () => {
    expect(formatMessageTime('2026-11-20T06:30:00Z', now, 'en')).toMatch(/\d{1,2}:30/);
    expect(formatMessageTime('2026-11-18T12:00:00Z', now, 'en')).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)$/);
    expect(formatMessageTime('2026-11-01T12:00:00Z', now, 'en')).toMatch(/2026/);
    expect(formatMessageTime('2026-11-13T12:00:01Z', now, 'en')).not.toMatch(/2026/);
  });
  it('caps the unread badge at 9+', () => {
    expect([0, 9, 10, 120].map(unreadBadge)).toEqual(['0', '9', '9+', '9+']);
  });
  it('formats sizes', () => {
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
  });
});
