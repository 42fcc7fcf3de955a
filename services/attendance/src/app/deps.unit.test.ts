import { describe, expect, it } from 'vitest';
import { dateIn } from './deps.ts';

describe('dateIn', () => {
  it("gives the zone's calendar day, also across its midnight within one minute and when asked about another minute again", () => {
    // 18:29:59.999Z is 23:59:59.999 in Kolkata (+05:30); 18:30Z is the next day there; New York is still on the 20th.
    expect(dateIn('Asia/Kolkata', new Date('2026-11-20T18:29:00.000Z'))).toBe('2026-11-20');
    expect(dateIn('Asia/Kolkata', new Date('2026-11-20T18:29:59.999Z'))).toBe('2026-11-20');
    expect(dateIn('Asia/Kolkata', new Date('2026-11-20T18:30:00.000Z'))).toBe('2026-11-21');
    expect(dateIn('America/New_York', new Date('2026-11-20T18:30:00.000Z'))).toBe('2026-11-20');
    expect(dateIn('Asia/Kolkata', new Date('2026-11-20T18:29:30.000Z'))).toBe('2026-11-20');
    expect(dateIn('Asia/Kathmandu', new Date('2026-11-20T18:14:59.000Z'))).toBe('2026-11-20');
    expect(dateIn('Asia/Kathmandu', new Date('2026-11-20T18:15:00.000Z'))).toBe('2026-11-21');
  });
});
