import { Member, Notification, User } from '@akhada/contracts';

/*
 * Records for component tests, each parsed with its contract schema: a fixture that drifts from the contract fails
 * here, not silently in a screen.
 */
export const ORG_ID = '0198a3c1-0000-7000-8000-000000000001';
export const PUNE = { _id: '0198a3c1-0000-7000-8000-0000000000a1', name: 'Akhada Pune', city: 'Pune', timezone: 'Asia/Kolkata' };
export const BENGALURU = { _id: '0198a3c1-0000-7000-8000-0000000000a2', name: 'Akhada Bengaluru', city: 'Bengaluru', timezone: 'Asia/Kolkata' };

let seq = 0;
const nextId = () => `0198a3c1-0000-7000-8000-${(++seq).toString(16).padStart(12, '0')}`;

export function aUser(overrides: Partial<User> = {}): User {
  return User.parse({
    _id: '0198a3c1-0000-7000-8000-0000000000f1',
    firstName: 'Asha',
    lastName: 'Verma',
    fullName: 'Asha Verma',
    email: 'owner@akhada.test',
    phone: '+91 98765 43210',
    role: 'owner',
    dateOfBirth: null,
    gender: null,
    address: {},
    emergencyContact: {},
    organization: { _id: ORG_ID, name: 'Akhada Fitness', plan: 'starter', trialEndsAt: null, joinCode: 'AKHADA01' },
    locations: [PUNE, BENGALURU],
    createdAt: '2026-01-05T04:30:00.000Z',
    ...overrides,
  });
}

export function aMember(overrides: Partial<Member> & { firstName?: string; lastName?: string } = {}): Member {
  const { firstName = 'Rohan', lastName = 'Patil', ...rest } = overrides;
  return Member.parse({
    _id: nextId(),
    user: { firstName, lastName, email: `${firstName.toLowerCase()}@example.in`, phone: '+91 91234 56789' },
    fullName: `${firstName} ${lastName}`,
    locationId: PUNE._id,
    membershipType: 'basic',
    membershipStatus: 'active',
    membershipStartDate: '2026-01-01',
    membershipEndDate: '2026-02-01',
    membershipFee: 1500,
    paymentFrequency: 'monthly',
    daysRemaining: 12,
    trainer: null,
    lastCheckIn: null,
    totalWorkouts: 0,
    dateOfBirth: null,
    gender: null,
    status: 'active',
    createdAt: '2026-01-01T05:00:00.000Z',
    version: 1,
    ...rest,
  });
}

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return Notification.parse({
    _id: nextId(),
    type: 'membership',
    category: 'member_registered',
    status: 'unread',
    priority: 'medium',
    title: 'New member',
    message: 'Rohan Patil joined Akhada Pune',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    actionUrl: null,
    actionText: null,
    locationId: PUNE._id,
    ...overrides,
  });
}

/** A token the app accepts locally (it only reads `exp`; the mocked server decides the rest). */
export function aToken(expiresInMs = 15 * 60_000): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'EdDSA', typ: 'JWT' })}.${b64({ sub: 'test', exp: Math.floor((Date.now() + expiresInMs) / 1000) })}.signature`;
}
