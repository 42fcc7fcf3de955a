import { describe, expect, it } from 'vitest';
import { ContactBody, contrastRatio, LandingQuery, UrgencyBanner } from './public.ts';

describe('public website contracts', () => {
  it('measures colour contrast as WCAG does', () => {
    expect(contrastRatio('#000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#FFFFFF', '#9A3412')).toBeGreaterThan(4.5);
  });

  it('refuses a banner whose text would be unreadable', () => {
    const banner = { enabled: true, message: 'Offer', subMessage: 'Details', backgroundColor: '#FFFFFF', borderColor: '#CCCCCC', textColor: '#FFFF00' };
    const r = UrgencyBanner.safeParse(banner);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/contrast .* at least 4\.5:1/);
    expect(UrgencyBanner.safeParse({ ...banner, textColor: '#1F2937' }).success).toBe(true);
  });

  it('defaults the landing language to English and accepts only en and hi', () => {
    expect(LandingQuery.parse({})).toEqual({ lang: 'en' });
    expect(LandingQuery.parse({ lang: 'hi' })).toEqual({ lang: 'hi' });
    expect(LandingQuery.safeParse({ lang: 'ta' }).error?.issues[0]?.message).toBe('lang must be "en" or "hi"');
  });

  it('normalizes a contact enquiry: trimmed, lower-case email, blank optional fields dropped', () => {
    const parsed = ContactBody.parse({
      name: ' Asha ',
      email: ' ASHA@Example.IN ',
      phone: ' ',
      gymName: '',
      message: '  Please call me back.  ',
      topic: 'other',
    });
    expect(parsed).toEqual({ name: 'Asha', email: 'asha@example.in', message: 'Please call me back.', topic: 'other' });
  });
});
