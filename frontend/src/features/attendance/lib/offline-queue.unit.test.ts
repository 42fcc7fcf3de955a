// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { enqueueScan, flushQueue, readQueue } from './offline-queue';

afterEach(() => localStorage.clear());

describe('kiosk offline queue', () => {
  it('keeps scans with their time, sends them oldest first, and stops (keeping the rest) when still offline', async () => {
    enqueueScan({ qrCode: 'a', scannedAt: '2026-11-23T05:00:00.000Z' });
    enqueueScan({ qrCode: 'b', scannedAt: '2026-11-23T05:01:00.000Z' });
    expect(enqueueScan({ qrCode: 'c', scannedAt: '2026-11-23T05:02:00.000Z' })).toBe(3);

    const sent: string[] = [];
    const left = await flushQueue(async (s) => {
      if (s.qrCode === 'b') return 'offline';
      sent.push(`${s.qrCode}@${s.scannedAt}`);
      return 'done';
    });
    expect(sent).toEqual(['a@2026-11-23T05:00:00.000Z']);
    expect(left).toBe(2);
    expect(readQueue().map((s) => s.qrCode)).toEqual(['b', 'c']);

    expect(await flushQueue(async () => 'done')).toBe(0);
    expect(readQueue()).toEqual([]);
  });

  it('ignores what is not a queued scan in storage', () => {
    localStorage.setItem('akhada.attendance.kiosk-queue', JSON.stringify([{ qrCode: 1 }, 'x', { qrCode: 'ok', scannedAt: '2026-11-23T05:00:00.000Z' }]));
    expect(readQueue()).toEqual([{ qrCode: 'ok', scannedAt: '2026-11-23T05:00:00.000Z' }]);
    localStorage.setItem('akhada.attendance.kiosk-queue', '{not json');
    expect(readQueue()).toEqual([]);
  });
});
