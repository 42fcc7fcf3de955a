import { Measurement, Member, MemberDetail, Notification, Trainer, User } from '@akhada/contracts';

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
    organization: { _id: ORG_ID, name: 'Akhada Fitness', plan: 'starter', trialEndsAt: null, joinCode: 'AKHADA01', logoUrl: null, brandColor: '#3b82f6' },
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
    avatarUrl: null,
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
    paymentMethod: null,
    frozenFrom: null,
    accountStatus: 'active',
    joinedWithCode: false,
    acquisitionSource: null,
    enquiryId: null,
    createdAt: '2026-01-01T05:00:00.000Z',
    version: 1,
    ...rest,
  });
}

/** A member as GET /members/:id answers: with their terms (one, matching the member's current dates, unless given). */
export function aMemberDetail(overrides: Partial<MemberDetail> & { firstName?: string; lastName?: string } = {}): MemberDetail {
  const { terms, ...rest } = overrides;
  const member = aMember(rest);
  return MemberDetail.parse({
    ...member,
    terms: terms ?? [
      {
        termNo: 1,
        membershipType: member.membershipType,
        paymentFrequency: member.paymentFrequency,
        paymentMethod: member.paymentMethod,
        fee: member.membershipFee,
        startDate: member.membershipStartDate,
        endDate: member.membershipEndDate,
        daysFrozen: 0,
        createdAt: member.createdAt,
      },
    ],
  });
}

export function aTrainer(overrides: Partial<Trainer> & { firstName?: string; lastName?: string } = {}): Trainer {
  const { firstName = 'Vikram', lastName = 'Singh', ...rest } = overrides;
  const maxClients = rest.maxClients ?? 15;
  const currentClients = rest.currentClients ?? 8;
  const isAvailable = rest.isAvailable ?? true;
  return Trainer.parse({
    _id: nextId(),
    user: { firstName, lastName, email: `${firstName.toLowerCase()}@akhada.test`, phone: '+91 90000 11111', dateOfBirth: null, gender: null },
    fullName: `${firstName} ${lastName}`,
    avatarUrl: null,
    locationId: PUNE._id,
    specialization: ['strength_training'],
    experience: 5,
    hourlyRate: 800,
    bio: '',
    certifications: [],
    rating: { average: 0, count: 0 },
    availabilityStatus: !isAvailable ? 'unavailable' : currentClients >= maxClients ? 'fully_booked' : 'available',
    clientCapacity: `${currentClients}/${maxClients}`,
    status: 'active',
    accountStatus: 'active',
    joinedWithCode: false,
    createdAt: '2026-01-02T05:00:00.000Z',
    version: 1,
    ...rest,
    maxClients,
    currentClients,
    isAvailable,
  });
}

export function aMeasurement(overrides: Partial<Measurement> = {}): Measurement {
  return Measurement.parse({
    _id: nextId(),
    memberId: '0198a3c1-0000-7000-8000-0000000000b1',
    measuredOn: '2026-01-10',
    weightKg: 80,
    bodyFatPercent: 22,
    chestCm: 100,
    waistCm: 90,
    armsCm: 35,
    notes: null,
    recordedBy: { _id: '0198a3c1-0000-7000-8000-0000000000f1', name: 'Asha Verma' },
    createdAt: '2026-01-10T05:00:00.000Z',
    ...overrides,
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
