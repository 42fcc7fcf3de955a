import { describe, expect, it } from 'vitest';
import { availabilityTone, expiryTone, initials } from './trainer-labels';

describe('trainer labels', () => {
  it('colours availability: available green, fully booked amber, unavailable red', () => {
    expect(availabilityTone('available')).toBe('success');
    expect(availabilityTone('fully_booked')).toBe('warning');
    expect(availabilityTone('unavailable')).toBe('danger');
  });
  it('warns about expired (red) and soon-expiring (amber) certifications only', () => {
    expect(expiryTone('expired')).toBe('danger');
    expect(expiryTone('expiring')).toBe('warning');
    expect(expiryTone('valid')).toBeNull();
  });
  it('makes initials', () => {
    expect(initials('vikram', ' singh')).toBe('VS');
  });
});
