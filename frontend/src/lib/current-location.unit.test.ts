import { describe, expect, it } from 'vitest';
import { resolveLocationId } from './current-location';

const locations = [
  { _id: '0195d6a4-0000-7000-8000-000000000001', name: 'Andheri', city: 'Mumbai', timezone: 'Asia/Kolkata' },
  { _id: '0195d6a4-0000-7000-8000-000000000002', name: 'Bandra', city: 'Mumbai', timezone: 'Asia/Kolkata' },
];

describe('current location', () => {
  it('lets owners see all locations by default', () => {
    expect(resolveLocationId({ role: 'owner', locations }, null)).toBeNull();
    expect(resolveLocationId({ role: 'owner', locations }, '')).toBeNull();
  });
  it('keeps a stored location the user may see', () => {
    expect(resolveLocationId({ role: 'owner', locations }, locations[1]!._id)).toBe(locations[1]!._id);
    expect(resolveLocationId({ role: 'admin', locations }, locations[1]!._id)).toBe(locations[1]!._id);
  });
  it('falls back to the first location for admins, and ignores unknown ids', () => {
    expect(resolveLocationId({ role: 'admin', locations }, null)).toBe(locations[0]!._id);
    expect(resolveLocationId({ role: 'admin', locations }, 'someone-elses')).toBe(locations[0]!._id);
  });
  it('never filters for members and trainers (the server scopes them)', () => {
    expect(resolveLocationId({ role: 'member', locations }, locations[1]!._id)).toBeNull();
    expect(resolveLocationId({ role: 'trainer', locations }, null)).toBeNull();
  });
});
