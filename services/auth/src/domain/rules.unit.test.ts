import { describe, expect, it } from 'vitest';
import {
  isNewDevice,
  maskPhone,
  smsRetryAfterSeconds,
  twoFactorEnrolment,
  throttleRetryAfterSeconds,
  enquiryRetryMinutes,
  resetMail,
  resetMailRetryAt,
  RESET_MAIL_MAX_ATTEMPTS,
  isEnquiryThrottled,
  isThrottled,
  joinCodeFrom,
  revocationCutoff,
  trialEndsAt,
  LOGIN_FAILURE_LIMIT,
  deactivationCutoff,
  INVITATION_MAIL_MAX_ATTEMPTS,
  invitationExpiresAt,
  invitationMail,
  invitationMailRetryAt,
} from './rules.ts';

describe('identity rules', () => {
  it('gives a 14-day trial', () => {
    expect(trialEndsAt(new Date('2026-01-01T10:00:00Z')).toISOString()).toBe('2026-01-15T10:00:00.000Z');
  });
  it('throttles at the fifth failure, not before', () => {
    expect(isThrottled(LOGIN_FAILURE_LIMIT - 1)).toBe(false);
    expect(isThrottled(LOGIN_FAILURE_LIMIT)).toBe(true);
  });
  it('says when a throttled account may try again: when its oldest failure leaves the minute', () => {
    const now = new Date('2026-01-01T10:00:30Z');
    expect(throttleRetryAfterSeconds(new Date('2026-01-01T10:00:00Z'), now)).toBe(30);
    expect(throttleRetryAfterSeconds(new Date('2026-01-01T09:59:30.500Z'), now)).toBe(1);
    expect(throttleRetryAfterSeconds(new Date('2026-01-01T09:59:00Z'), now)).toBe(1);
  });
  it('makes readable join codes', () => {
    const code = joinCodeFrom(new Uint8Array([0, 1, 2, 30, 31, 255]));
    expect(code).toHaveLength(6);
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]+$/);
  });
  it('cuts revocations at whole seconds', () => {
    expect(revocationCutoff(new Date('2026-01-01T00:00:01.999Z')).toISOString()).toBe('2026-01-01T00:00:01.000Z');
  });
  it('takes 5 enquiries an hour from one address and says when the next is welcome', () => {
    expect(isEnquiryThrottled(4)).toBe(false);
    expect(isEnquiryThrottled(5)).toBe(true);
    const now = new Date('2026-01-01T10:00:00Z');
    expect(enquiryRetryMinutes(new Date('2026-01-01T09:20:00Z'), now)).toBe(20);
    expect(enquiryRetryMinutes(new Date('2026-01-01T09:00:30Z'), now)).toBe(1);
    expect(enquiryRetryMinutes(new Date('2026-01-01T09:00:00Z'), now)).toBe(1);
  });
  it('retries a refused reset mail after 15 s, doubling, and gives up after the last attempt', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(resetMailRetryAt(1, now)?.toISOString()).toBe('2026-01-01T10:00:15.000Z');
    expect(resetMailRetryAt(2, now)?.toISOString()).toBe('2026-01-01T10:00:30.000Z');
    expect(resetMailRetryAt(RESET_MAIL_MAX_ATTEMPTS - 1, now)?.toISOString()).toBe('2026-01-01T10:16:00.000Z');
    expect(resetMailRetryAt(RESET_MAIL_MAX_ATTEMPTS, now)).toBeNull();
  });
  it('writes the reset mail with its link', () => {
    const mail = resetMail({ to: 'a@example.in', firstName: 'Asha', link: 'http://localhost:8080/reset-password?token=abc' });
    expect(mail.subject).toBe('Reset your Akhada password');
    expect(mail.text).toContain('Hello Asha,');
    expect(mail.text).toContain('http://localhost:8080/reset-password?token=abc');
    expect(mail.text).toContain('within 30 minutes');
  });
  it('keeps an invitation link for 7 days and retries its mail for hours, not minutes', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(invitationExpiresAt(now).toISOString()).toBe('2026-01-08T10:00:00.000Z');
    expect(invitationMailRetryAt(1, now)?.toISOString()).toBe('2026-01-01T10:00:15.000Z');
    expect(invitationMailRetryAt(INVITATION_MAIL_MAX_ATTEMPTS - 1, now)?.toISOString()).toBe('2026-01-01T14:16:00.000Z');
    expect(invitationMailRetryAt(INVITATION_MAIL_MAX_ATTEMPTS, now)).toBeNull();
  });
  it('writes the invitation mail for a member or a trainer, with a Hindi line', () => {
    const base = {
      to: 'p@example.in',
      firstName: 'Priya',
      gymName: 'Iron Temple',
      link: 'http://x/accept-invitation?token=abc',
      expiresAt: new Date('2026-01-08T10:00:00Z'),
    };
    const member = invitationMail({ ...base, role: 'member' });
    expect(member.subject).toBe('Iron Temple invited you to Akhada');
    expect(member.text).toContain('Hello Priya,');
    expect(member.text).toContain('as a member');
    expect(member.text).toContain('http://x/accept-invitation?token=abc');
    expect(member.text).toContain('until 2026-01-08');
    expect(member.text).toContain('सदस्य');
    expect(invitationMail({ ...base, role: 'trainer' }).text).toContain('as a trainer');
  });
  it('refuses every token of a deactivated account issued up to the end of the current second', () => {
    expect(deactivationCutoff(new Date('2026-01-01T00:00:01.250Z')).toISOString()).toBe('2026-01-01T00:00:02.000Z');
  });
});

describe('account security', () => {
  it('asks owners to enrol, requires it of admins and trainers only when the gym does, and never of members', () => {
    expect(twoFactorEnrolment({ role: 'owner', enrolled: false, requiredForStaff: false })).toBe('suggested');
    expect(twoFactorEnrolment({ role: 'owner', enrolled: false, requiredForStaff: true })).toBe('suggested');
    expect(twoFactorEnrolment({ role: 'admin', enrolled: false, requiredForStaff: true })).toBe('required');
    expect(twoFactorEnrolment({ role: 'trainer', enrolled: false, requiredForStaff: true })).toBe('required');
    expect(twoFactorEnrolment({ role: 'trainer', enrolled: false, requiredForStaff: false })).toBeNull();
    expect(twoFactorEnrolment({ role: 'member', enrolled: false, requiredForStaff: true })).toBeNull();
    expect(twoFactorEnrolment({ role: 'admin', enrolled: true, requiredForStaff: true })).toBeNull();
  });
  it('calls a device new only when the account signed in before, never from it', () => {
    expect(isNewDevice('Chrome on Android', [])).toBe(false);
    expect(isNewDevice('Chrome on Android', ['Chrome on Android', 'Firefox on Windows'])).toBe(false);
    expect(isNewDevice('Safari on iOS', ['Chrome on Android'])).toBe(true);
  });
});

describe('SMS code sends', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const ago = (s: number, samePurpose = true) => ({ at: new Date(now.getTime() - s * 1000), samePurpose });
  it('waits out the cooldown after a send of the same purpose only', () => {
    expect(smsRetryAfterSeconds([], now)).toBe(0);
    expect(smsRetryAfterSeconds([ago(20)], now)).toBe(40);
    expect(smsRetryAfterSeconds([ago(20, false)], now)).toBe(0);
    expect(smsRetryAfterSeconds([ago(61)], now)).toBe(0);
  });
  it('caps 5 an hour (every purpose), until the oldest leaves the hour', () => {
    expect(smsRetryAfterSeconds([ago(100), ago(200), ago(300), ago(400), ago(3000, false)], now)).toBe(600);
    expect(smsRetryAfterSeconds([ago(100), ago(200), ago(300), ago(400)], now)).toBe(0);
  });
  it('shows a phone by its last 3 digits', () => {
    expect(maskPhone('+91 98765 43210')).toBe('•••••••210');
  });
});
