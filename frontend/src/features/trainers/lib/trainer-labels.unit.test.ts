import { describe, expect, it } from 'vitest';
import { availabilityTone, expiryTone, formatRupees, initials } from './trainer-labels';

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

describe('rates', () => {
  it('shows whole rupees without paise and paise with two digits', () => {
    expect(formatRupees(1200)).toBe('₹1,200');
    expect(formatRupees(950.5)).toBe('₹950.50');
    expect(formatRupees(150000)).toBe('₹1,50,000');
  });
});
