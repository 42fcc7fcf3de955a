import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { isUpgradeRequired, refusalText } from './refusal';

const t = (key: string, params?: Record<string, unknown>) => `${key}${params && Object.keys(params).length ? ` ${JSON.stringify(params)}` : ''}`;
const refused = (code: string, message: string, status = 409) => ApiError.fromResponse(status, { success: false, code, message, error: message });

describe('booking refusals', () => {
  it('shows the service’s own reason in English', () => {
    const e = refused('MEMBERSHIP_INACTIVE', 'Your membership is frozen. Unfreeze it to book classes.');
    expect(refusalText(e, t, 'en')).toBe('Your membership is frozen. Unfreeze it to book classes.');
  });

  it('maps each known reason to its Hindi text, keeping the dates and numbers it names', () => {
    expect(refusalText(refused('MEMBERSHIP_INACTIVE', 'Your membership expired on 1 Mar 2026. Renew it to book classes.'), t, 'hi')).toBe(
      'scheduling:refusal.expiredOn {"date":"1 Mar 2026"}',
    );
    expect(refusalText(refused('MEMBERSHIP_INACTIVE', 'Your membership is frozen. Unfreeze it to book classes.'), t, 'hi')).toBe('scheduling:refusal.frozen');
    expect(refusalText(refused('BOOKING_NOT_ALLOWED', 'Your basic plan includes 8 classes a month, and you have used them this month.'), t, 'hi')).toBe(
      'scheduling:refusal.allowance {"count":"8"}',
    );
    expect(refusalText(refused('BOOKING_NOT_ALLOWED', 'Booking is paused until 9 Mar 2026 after 3 missed classes in 30 days.'), t, 'hi')).toBe(
      'scheduling:refusal.paused {"date":"9 Mar 2026"}',
    );
    expect(refusalText(refused('ALREADY_BOOKED', 'You are on the waitlist of this class already.'), t, 'hi')).toBe('scheduling:refusal.alreadyWaiting');
  });

  it('falls back to a text for the code when the wording is new', () => {
    expect(refusalText(refused('BOOKING_NOT_ALLOWED', 'Something new.'), t, 'hi')).toBe('scheduling:refusal.notAllowed');
    expect(refusalText(refused('MEMBERSHIP_INACTIVE', 'Something new.'), t, 'hi')).toBe('scheduling:refusal.membershipInactive');
  });

  it('is not a refusal when the answer is not a 409', () => {
    expect(refusalText(refused('VALIDATION_FAILED', 'Bad', 400), t, 'en')).toBeNull();
    expect(refusalText(new Error('x'), t, 'en')).toBeNull();
  });

  it('knows the plan’s 402 from other errors', () => {
    expect(isUpgradeRequired(refused('PLAN_UPGRADE_REQUIRED', 'Class scheduling is part of the Pro plan.', 402))).toBe(true);
    expect(isUpgradeRequired(refused('CONFLICT', 'x'))).toBe(false);
  });
});
