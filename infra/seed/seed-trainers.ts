// The demo chain's trainers, seeded through the product's public API (the paths staff take): trainers at both
// locations with specializations, certifications (one expiring within 30 days, so the warning shows) and weekly slots.
// Idempotent: a trainer whose email is already listed is left as it is.
import { trainersRoutes, type Specialization } from '@akhada/contracts';
import { trainerByEmail } from '@akhada/test-support/trainers';
import { apiCall, must } from './seed-api.ts';

interface DemoTrainer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  specialization: Specialization[];
  experience: number;
  hourlyRate: number;
  maxClients: number;
  bio: string;
  /** Index into the location ids given to seedTrainers. */
  location: number;
  /** Marked off after creation (availability "unavailable"). */
  away?: boolean;
  certifications: { name: string; issuingOrganization: string; issuedYearsAgo: number; expiresInDays: number | null }[];
  slots: { dayOfWeek: number; startTime: string; endTime: string }[];
}

const weekdays = (days: number[], startTime: string, endTime: string) => days.map((dayOfWeek) => ({ dayOfWeek, startTime, endTime }));

export const DEMO_TRAINERS: readonly DemoTrainer[] = [
  {
    firstName: 'Rahul',
    lastName: 'Deshmukh',
    email: 'rahul.deshmukh@akhada.demo',
    phone: '+91 98220 44401',
    specialization: ['strength_training', 'crossfit'],
    experience: 8,
    hourlyRate: 900,
    maxClients: 15,
    bio: 'Strength and conditioning coach; powerlifting and CrossFit batches in the mornings.',
    location: 0,
    certifications: [
      { name: 'ACE Certified Personal Trainer', issuingOrganization: 'American Council on Exercise', issuedYearsAgo: 2, expiresInDays: 20 },
      { name: 'CrossFit Level 1 Trainer', issuingOrganization: 'CrossFit', issuedYearsAgo: 1, expiresInDays: 400 },
    ],
    slots: weekdays([1, 3, 5], '06:00', '10:00'),
  },
  {
    firstName: 'Sunita',
    lastName: 'Kulkarni',
    email: 'sunita.kulkarni@akhada.demo',
    phone: '+91 98220 44402',
    specialization: ['yoga', 'pilates'],
    experience: 11,
    hourlyRate: 700,
    maxClients: 12,
    bio: 'Hatha and Iyengar yoga, mat pilates for beginners and seniors.',
    location: 0,
    certifications: [{ name: 'Registered Yoga Teacher (RYT 200)', issuingOrganization: 'Yoga Alliance', issuedYearsAgo: 6, expiresInDays: null }],
    slots: [...weekdays([2, 4, 6], '07:00', '11:00'), ...weekdays([2, 4], '17:30', '19:30')],
  },
  {
    firstName: 'Farhan',
    lastName: 'Sheikh',
    email: 'farhan.sheikh@akhada.demo',
    phone: '+91 98450 44403',
    specialization: ['cardio', 'nutrition'],
    experience: 5,
    hourlyRate: 800,
    maxClients: 10,
    bio: 'Fat-loss programmes with diet plans built around Indian home food.',
    location: 1,
    certifications: [{ name: 'Certified Nutritionist', issuingOrganization: 'ISSA', issuedYearsAgo: 1, expiresInDays: 700 }],
    slots: weekdays([1, 2, 3, 4, 5], '17:00', '21:00'),
  },
  {
    firstName: 'Lakshmi',
    lastName: 'Menon',
    email: 'lakshmi.menon@akhada.demo',
    phone: '+91 98450 44404',
    specialization: ['rehabilitation', 'yoga'],
    experience: 9,
    hourlyRate: 1200,
    maxClients: 8,
    bio: 'Physiotherapist: post-injury rehabilitation and mobility work. On leave this month.',
    location: 1,
    away: true,
    certifications: [{ name: 'Sports Physiotherapy', issuingOrganization: 'Indian Association of Physiotherapists', issuedYearsAgo: 7, expiresInDays: null }],
    slots: weekdays([0, 6], '08:00', '12:00'),
  },
];

const dayFromToday = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Adds the demo trainers through the API as the owner, skipping those that exist; returns their ids (existing and new).
 * The organization's plan caps approved trainers (Free: 2): trainers beyond its allowance are skipped with a log line,
 * so the seed still completes on a small plan.
 */
export async function seedTrainers(gatewayUrl: string, ownerToken: string, locationIds: string[], log: (s: string) => void = console.error): Promise<string[]> {
  const call = apiCall(gatewayUrl, ownerToken);
  const ids: string[] = [];
  for (const t of DEMO_TRAINERS) {
    const existing = await trainerByEmail(gatewayUrl, ownerToken, t.email, 'active');
    if (existing) {
      ids.push(existing._id);
      continue;
    }
    const locationId = locationIds[t.location] ?? locationIds[0];
    const body = {
      firstName: t.firstName,
      lastName: t.lastName,
      email: t.email,
      phone: t.phone,
      specialization: t.specialization,
      experience: t.experience,
      hourlyRate: t.hourlyRate,
      maxClients: t.maxClients,
      bio: t.bio,
      locationId,
      certifications: t.certifications.map((c) => ({
        name: c.name,
        issuingOrganization: c.issuingOrganization,
        issueDate: dayFromToday(-365 * c.issuedYearsAgo),
        expiryDate: c.expiresInDays === null ? null : dayFromToday(c.expiresInDays),
      })),
    };
    const created = await call('POST', '/trainers', body);
    if (created.status === 409 && created.json.code === 'PLAN_LIMIT') {
      log(`[seed] trainer ${t.firstName} ${t.lastName} skipped: ${String(created.json.message)}`);
      continue;
    }
    if (created.status !== 201) throw new Error(`seed: trainer ${t.email} answered ${created.status}: ${JSON.stringify(created.json)}`);
    const trainer = trainersRoutes.create.responses[201].parse(created.json).data;
    await must(`schedule of ${t.email}`, call('PUT', `/trainers/${trainer._id}/schedule`, { weeklySlots: t.slots }));
    if (t.away) {
      const { certifications: _c, locationId: _l, ...details } = body;
      await must(`availability of ${t.email}`, call('PUT', `/trainers/${trainer._id}`, { ...details, isAvailable: false }));
    }
    ids.push(trainer._id);
  }
  return ids;
}
