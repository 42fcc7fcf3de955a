import { describe, expect, it } from 'vitest';
import { homeOf, redirectFor } from './role-access';

describe('where the signed-in area sends each role', () => {
  it('lets owners and admins open every screen', () => {
    for (const role of ['owner', 'admin'] as const) {
      for (const path of ['/dashboard', '/dashboard/members/1', '/dashboard/trainers', '/dashboard/payments', '/dashboard/settings/plan']) {
        expect(redirectFor({ role }, path)).toBeNull();
      }
    }
  });

  it('sends a member from staff screens to their own membership', () => {
    expect(homeOf('member')).toBe('/dashboard/me');
    for (const path of [
      '/dashboard',
      '/dashboard/members',
      '/dashboard/members/abc',
      '/dashboard/trainers',
      '/dashboard/my-clients',
      '/dashboard/attendance',
      '/dashboard/inventory',
      '/dashboard/inventory/create',
    ]) {
      expect(redirectFor({ role: 'member' }, path)).toBe('/dashboard/me');
    }
    for (const path of ['/dashboard/me', '/dashboard/me/progress', '/dashboard/me/trainer', '/dashboard/chat', '/dashboard/settings', '/dashboard/profile']) {
      expect(redirectFor({ role: 'member' }, path)).toBeNull();
    }
    // "/dashboard/meet" is not under "/dashboard/me".
    expect(redirectFor({ role: 'member' }, '/dashboard/meet')).toBe('/dashboard/me');
  });

  it('keeps a trainer on the dashboard and their screens, away from staff-only ones', () => {
    for (const path of [
      '/dashboard',
      '/dashboard/',
      '/dashboard/my-clients',
      '/dashboard/my-schedule',
      '/dashboard/members/abc',
      '/dashboard/trainers',
      '/dashboard/trainers/abc',
      '/dashboard/feedback',
      '/dashboard/inventory',
      '/dashboard/inventory/abc',
    ]) {
      expect(redirectFor({ role: 'trainer' }, path)).toBeNull();
    }
    for (const path of ['/dashboard/attendance', '/dashboard/payments', '/dashboard/me']) {
      expect(redirectFor({ role: 'trainer' }, path)).toBe('/dashboard');
    }
  });

  it('shows an account awaiting approval only the pending page, and sends it home once approved', () => {
    expect(redirectFor({ role: 'trainer', pending: true }, '/dashboard')).toBe('/dashboard/pending');
    expect(redirectFor({ role: 'trainer', pending: true }, '/dashboard/settings')).toBe('/dashboard/pending');
    expect(redirectFor({ role: 'trainer', pending: true }, '/dashboard/pending')).toBeNull();
    expect(redirectFor({ role: 'trainer', pending: false }, '/dashboard/pending')).toBe('/dashboard');
    expect(redirectFor({ role: 'member' }, '/dashboard/pending')).toBe('/dashboard/me');
  });

  it('shows staff who must set up two-factor only the enrolment page, and sends them home once enrolled', () => {
    expect(redirectFor({ role: 'trainer', twoFactorEnrolment: 'required' }, '/dashboard')).toBe('/dashboard/two-factor-setup');
    expect(redirectFor({ role: 'admin', twoFactorEnrolment: 'required' }, '/dashboard/settings')).toBe('/dashboard/two-factor-setup');
    expect(redirectFor({ role: 'admin', twoFactorEnrolment: 'required' }, '/dashboard/two-factor-setup')).toBeNull();
    expect(redirectFor({ role: 'trainer', twoFactorEnrolment: null }, '/dashboard/two-factor-setup')).toBe('/dashboard');
    // An owner is only asked (the shell's prompt), never held.
    expect(redirectFor({ role: 'owner', twoFactorEnrolment: 'suggested' }, '/dashboard/members')).toBeNull();
  });
});
