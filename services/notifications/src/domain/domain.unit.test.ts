import { describe, expect, it } from 'vitest';
import { pageOffset, totalPages } from './pagination.ts';
import { transition, unreadChanged } from './read-state.ts';
import { ownersAndAdminsOf, recipientsOfCertificationExpiring, recipientsOfMemberRegistered, type Candidate } from './recipient-rule.ts';
import {
  attendanceNudgeText,
  certificationExpiringText,
  lowAttendanceText,
  memberRegisteredText,
  memberSignedUpText,
  renderTemplate,
  trainerPendingText,
} from './templates.ts';

const L1 = 'l1';
const L2 = 'l2';
const staff: Candidate[] = [
  { userId: 'owner', role: 'owner', locationIds: [] },
  { userId: 'admin-l1', role: 'admin', locationIds: [L1] },
  { userId: 'admin-l1-l2', role: 'admin', locationIds: [L2, L1] },
  { userId: 'admin-l2', role: 'admin', locationIds: [L2] },
  { userId: 'trainer-l1', role: 'trainer', locationIds: [L1] },
  { userId: 'member-l1', role: 'member', locationIds: [L1] },
];

describe('who hears about a new member', () => {
  it('tells every owner, whatever their locations, and the admins of that location', () => {
    expect(recipientsOfMemberRegistered(staff, L1).map((c) => c.userId)).toEqual(['owner', 'admin-l1', 'admin-l1-l2']);
  });
  it('never tells admins of other locations, trainers or members', () => {
    const ids = recipientsOfMemberRegistered(staff, L2).map((c) => c.userId);
    expect(ids).toEqual(['owner', 'admin-l1-l2', 'admin-l2']);
    expect(ids).not.toContain('trainer-l1');
  });
  it('tells only owners when the location has no admin', () => {
    expect(recipientsOfMemberRegistered(staff, 'l3').map((c) => c.userId)).toEqual(['owner']);
  });
  it('tells nobody when the organization has no staff yet', () => {
    expect(recipientsOfMemberRegistered([], L1)).toEqual([]);
  });
});

describe('notification text', () => {
  it('says who joined and on which membership, with keys and parameters for other languages', () => {
    expect(memberRegisteredText({ firstName: 'Priya', lastName: 'Sharma', membershipType: 'premium' })).toEqual({
      titleKey: 'notifications.member_registered.title',
      messageKey: 'notifications.member_registered.message',
      params: { first: 'Priya', last: 'Sharma', membershipType: 'Premium' },
      title: 'New member registered',
      message: 'Priya Sharma joined: Premium membership.',
    });
  });
  it('trims names and leaves a missing parameter visible instead of printing "undefined"', () => {
    expect(memberRegisteredText({ firstName: ' Ravi ', lastName: 'Kumar ', membershipType: 'basic' }).message).toBe('Ravi Kumar joined: Basic membership.');
    expect(renderTemplate('notifications.member_registered.message', { first: 'A' })).toBe('A {last} joined: {membershipType} membership.');
  });
});

describe('pagination', () => {
  it('starts at page 1', () => {
    expect(pageOffset(1, 20)).toBe(0);
    expect(pageOffset(3, 20)).toBe(40);
  });
  it('counts partial pages and zero pages for no rows', () => {
    expect(totalPages(0, 20)).toBe(0);
    expect(totalPages(1, 20)).toBe(1);
    expect(totalPages(20, 20)).toBe(1);
    expect(totalPages(21, 20)).toBe(2);
    expect(totalPages(101, 10)).toBe(11);
  });
});

describe('read state', () => {
  const t0 = new Date('2025-10-01T10:00:00Z');
  const t1 = new Date('2025-10-01T11:00:00Z');
  it('mark read sets readAt once', () => {
    const read = transition('markRead', { status: 'unread', readAt: null }, t0);
    expect(read).toEqual({ status: 'read', readAt: t0 });
    expect(transition('markRead', read!, t1)).toBeNull();
  });
  it('mark unread clears readAt; reading again sets a new one', () => {
    const unread = transition('markUnread', { status: 'read', readAt: t0 }, t1);
    expect(unread).toEqual({ status: 'unread', readAt: null });
    expect(transition('markRead', unread!, t1)).toEqual({ status: 'read', readAt: t1 });
    expect(transition('markUnread', { status: 'unread', readAt: null }, t1)).toBeNull();
  });
  it('archiving implies seen and keeps an earlier readAt', () => {
    expect(transition('archive', { status: 'unread', readAt: null }, t1)).toEqual({ status: 'archived', readAt: t1 });
    expect(transition('archive', { status: 'read', readAt: t0 }, t1)).toEqual({ status: 'archived', readAt: t0 });
    expect(transition('archive', { status: 'archived', readAt: t0 }, t1)).toBeNull();
    expect(transition('markRead', { status: 'archived', readAt: t0 }, t1)).toBeNull();
  });
  it('the badge moves only when a notification enters or leaves unread', () => {
    expect(unreadChanged({ status: 'unread', readAt: null }, { status: 'read', readAt: t0 })).toBe(true);
    expect(unreadChanged({ status: 'read', readAt: t0 }, { status: 'archived', readAt: t0 })).toBe(false);
    expect(unreadChanged({ status: 'archived', readAt: t0 }, { status: 'unread', readAt: null })).toBe(true);
  });
});

describe('who hears about a member or trainer awaiting staff', () => {
  it('tells the owners and the admins of that location only', () => {
    expect(ownersAndAdminsOf(staff, L2).map((c) => c.userId)).toEqual(['owner', 'admin-l1-l2', 'admin-l2']);
  });
  it('tells every owner and admin when the location is not known', () => {
    expect(ownersAndAdminsOf(staff, null).map((c) => c.userId)).toEqual(['owner', 'admin-l1', 'admin-l1-l2', 'admin-l2']);
  });
});

describe('who hears about an expiring certification', () => {
  it('tells the trainer first, then the owners and admins of their location, never another trainer', () => {
    expect(recipientsOfCertificationExpiring(staff, 'trainer-x', L1)).toEqual([
      { userId: 'trainer-x', isTrainer: true },
      { userId: 'owner', isTrainer: false },
      { userId: 'admin-l1', isTrainer: false },
      { userId: 'admin-l1-l2', isTrainer: false },
    ]);
  });
});

describe('texts of the awaiting and expiry notifications', () => {
  it('says who waits and why', () => {
    expect(memberSignedUpText({ firstName: ' Neha', lastName: 'Verma ' })).toMatchObject({
      title: 'New member awaiting a plan',
      message: 'Neha Verma joined with the gym code and is waiting for a membership plan.',
      params: { first: 'Neha', last: 'Verma' },
    });
    expect(trainerPendingText({ firstName: 'Arjun', lastName: 'Mehta' }).title).toBe('Trainer awaiting approval');
    expect(certificationExpiringText({ trainerName: 'Arjun Mehta', name: 'ACE', expiryDate: '2026-12-20' }).message).toBe(
      'Arjun Mehta’s certification "ACE" expires on 2026-12-20.',
    );
  });
});

describe('low-attendance texts', () => {
  it('names the member and the days for staff, and speaks to the member in the nudge', () => {
    expect(lowAttendanceText({ firstName: ' Rohan', lastName: 'Patil ', days: 9 })).toEqual({
      titleKey: 'notifications.low_attendance.title',
      messageKey: 'notifications.low_attendance.message',
      params: { name: 'Rohan Patil', days: '9' },
      title: 'Low attendance',
      message: 'Rohan Patil hasn’t visited in 9 days',
    });
    expect(attendanceNudgeText({ days: 14 })).toMatchObject({
      title: 'We miss you at the gym',
      message: 'You haven’t visited in 14 days. Come back and keep your routine going!',
    });
  });
});
