// The demo chain's trainers, seeded through the product's public API (the paths staff take): trainers at both
// locations with specializations, certifications (one expiring within 30 days, so the warning shows) and weekly slots.
// Idempotent: a trainer whose email is already listed is left as it is.
import { trainersRoutes, type Specialization } from '@akhada/contracts';

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

const request = async (base: string, token: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}/api${path}`, {
    method,
    // No Content-Type without a body: an empty JSON body is refused.
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
};

const must = async (what: string, p: ReturnType<typeof request>, ok = [200, 201]) => {
  const r = await p;
  if (!ok.includes(r.status)) throw new Error(`seed: ${what} answered ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json;
};

const dayFromToday = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The trainer with this email, among those with `status` (the list searches emails), or undefined. */
const findByEmail = async (base: string, token: string, email: string, status: 'active' | 'pending') => {
  const list = trainersRoutes.list.responses[200].parse(
    await must(`find trainer ${email}`, request(base, token, 'GET', `/trainers?status=${status}&limit=5&search=${encodeURIComponent(email)}`)),
  );
  return list.data.find((t) => t.user.email.toLowerCase() === email.toLowerCase());
};

/**
 * Adds the demo trainers through the API as the owner, skipping those that exist; returns their ids (existing and new).
 * The organization's plan caps approved trainers (Free: 2): trainers beyond its allowance are skipped with a log line,
 * so the seed still completes on a small plan.
 */
export async function seedTrainers(gatewayUrl: string, ownerToken: string, locationIds: string[], log: (s: string) => void = console.error): Promise<string[]> {
  const ids: string[] = [];
  for (const t of DEMO_TRAINERS) {
    const existing = await findByEmail(gatewayUrl, ownerToken, t.email, 'active');
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
    const created = await request(gatewayUrl, ownerToken, 'POST', '/trainers', body);
    if (created.status === 409 && created.json.code === 'PLAN_LIMIT') {
      log(`[seed] trainer ${t.firstName} ${t.lastName} skipped: ${String(created.json.message)}`);
      continue;
    }
    if (created.status !== 201) throw new Error(`seed: trainer ${t.email} answered ${created.status}: ${JSON.stringify(created.json)}`);
    const trainer = trainersRoutes.create.responses[201].parse(created.json).data;
    await must(`schedule of ${t.email}`, request(gatewayUrl, ownerToken, 'PUT', `/trainers/${trainer._id}/schedule`, { weeklySlots: t.slots }));
    if (t.away) {
      const { certifications: _c, locationId: _l, ...details } = body;
      await must(`availability of ${t.email}`, request(gatewayUrl, ownerToken, 'PUT', `/trainers/${trainer._id}`, { ...details, isAvailable: false }));
    }
    ids.push(trainer._id);
  }
  return ids;
}

/**
 * The demo trainer registered with the gym's join code, so their record is pending until staff approve it (they see
 * nothing of the gym until then). The owner approves them and fills in their profile. Waits for the record: it is made
 * from auth's event, a moment after the registration. Returns the trainer's id.
 */
export async function approveDemoTrainer(
  gatewayUrl: string,
  ownerToken: string,
  trainer: { email: string; firstName: string; lastName: string; phone: string },
  { timeoutMs = 30_000 } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const active = await findByEmail(gatewayUrl, ownerToken, trainer.email, 'active');
    if (active) return active._id;
    const pending = await findByEmail(gatewayUrl, ownerToken, trainer.email, 'pending');
    if (pending) {
      await must('approve demo trainer', request(gatewayUrl, ownerToken, 'POST', `/trainers/${pending._id}/approve`));
      await must(
        'demo trainer profile',
        request(gatewayUrl, ownerToken, 'PUT', `/trainers/${pending._id}`, {
          firstName: trainer.firstName,
          lastName: trainer.lastName,
          email: trainer.email,
          phone: trainer.phone,
          specialization: ['strength_training', 'cardio'],
          experience: 6,
          hourlyRate: 850,
          maxClients: 15,
          bio: 'Functional strength and HIIT; evening batches.',
          isAvailable: true,
        }),
      );
      await must(
        'demo trainer schedule',
        request(gatewayUrl, ownerToken, 'PUT', `/trainers/${pending._id}/schedule`, { weeklySlots: weekdays([1, 2, 3, 4, 5], '18:00', '21:00') }),
      );
      return pending._id;
    }
    if (Date.now() > deadline) throw new Error(`seed: the demo trainer ${trainer.email} did not appear as a pending trainer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
