// The demo chain's members, seeded through the public API (POST /members, renew, freeze, cancel, archive, assign-trainer,
// measurements; a join-code sign-up through POST /auth/register): members in every state across both locations.
// Idempotent: a member whose email is already there is left as it is.
import { memberRoutes, type MembershipType, type PaymentFrequency } from '@akhada/contracts';
import { apiCall, must, todayInIndia } from './seed-api.ts';

// Calendar days in India ('YYYY-MM-DD'), moved by days and months.
const shift = (date: string, { days = 0, months = 0 }: { days?: number; months?: number }): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last) + days);
  return first.toISOString().slice(0, 10);
};

type Story = 'active' | 'expiring' | 'expired' | 'frozen' | 'archived' | 'cancelled' | 'history';

interface Planned {
  first: string;
  last: string;
  story: Story;
  where: 'pune' | 'blr';
  type: MembershipType;
  frequency: PaymentFrequency;
  fee: number;
  trainer?: 0 | 1;
  measurements?: number;
}

// Archived ones first: they leave the plan's count, so the rest fit even the free plan's 14 members.
const PLAN: Planned[] = [
  { first: 'Kabir', last: 'Khan', story: 'archived', where: 'pune', type: 'basic', frequency: 'monthly', fee: 1500 },
  { first: 'Farhan', last: 'Qureshi', story: 'archived', where: 'blr', type: 'basic', frequency: 'monthly', fee: 1500 },
  { first: 'Aarav', last: 'Sharma', story: 'active', where: 'pune', type: 'premium', frequency: 'monthly', fee: 2500, trainer: 0, measurements: 4 },
  { first: 'Priya', last: 'Patel', story: 'expiring', where: 'pune', type: 'basic', frequency: 'monthly', fee: 1500 },
  { first: 'Rohan', last: 'Reddy', story: 'expired', where: 'pune', type: 'basic', frequency: 'monthly', fee: 1500 },
  { first: 'Ananya', last: 'Gupta', story: 'frozen', where: 'pune', type: 'premium', frequency: 'quarterly', fee: 4200 },
  { first: 'Isha', last: 'Joshi', story: 'history', where: 'pune', type: 'premium', frequency: 'quarterly', fee: 4200, trainer: 0, measurements: 6 },
  { first: 'Aditya', last: 'Mehta', story: 'cancelled', where: 'pune', type: 'vip', frequency: 'monthly', fee: 3500 },
  { first: 'Sneha', last: 'Rao', story: 'active', where: 'pune', type: 'annual', frequency: 'annually', fee: 15000 },
  { first: 'Vihaan', last: 'Kulkarni', story: 'active', where: 'blr', type: 'vip', frequency: 'monthly', fee: 3500, trainer: 1, measurements: 3 },
  { first: 'Diya', last: 'Menon', story: 'expiring', where: 'blr', type: 'basic', frequency: 'monthly', fee: 1500 },
  { first: 'Arnav', last: 'Pillai', story: 'expired', where: 'blr', type: 'premium', frequency: 'quarterly', fee: 4200 },
  { first: 'Kavya', last: 'Shetty', story: 'frozen', where: 'blr', type: 'basic', frequency: 'monthly', fee: 1500 },
  { first: 'Reyansh', last: 'Naidu', story: 'history', where: 'blr', type: 'basic', frequency: 'monthly', fee: 1500, trainer: 1, measurements: 5 },
  { first: 'Pooja', last: 'Iyer', story: 'active', where: 'blr', type: 'annual', frequency: 'annually', fee: 15000 },
  { first: 'Sai', last: 'Bose', story: 'active', where: 'blr', type: 'basic', frequency: 'quarterly', fee: 3900 },
];

/** The first day of a member's first term for their story (today is a calendar day in India). */
const startFor = (p: Planned, today: string): string => {
  switch (p.story) {
    case 'expiring':
      return shift(today, { months: -1, days: 4 }); // ends in 4 days
    case 'expired':
      return shift(today, { months: p.frequency === 'quarterly' ? -4 : -2 });
    case 'history':
      return shift(today, { months: p.frequency === 'quarterly' ? -9 : -3, days: 5 });
    case 'archived':
      return shift(today, { days: -45 });
    default:
      return shift(today, { days: -12 });
  }
};

const MONTHS = { monthly: 1, quarterly: 3, annually: 12 } as const;

export interface SeedMembersOptions {
  pune: string;
  blr: string;
  /** The gym's join code: one member signs up with it and waits for a plan. */
  joinCode?: string | null | undefined;
  /** Trainers (from the trainers seed) to give some members: [Pune's, Bengaluru's]. */
  trainerIds?: string[];
  password: string;
  log?: (s: string) => void;
}

/** Seeds the demo members (every state, both locations, terms history, measurements). Returns their ids by email. */
export async function seedMembers(base: string, token: string, o: SeedMembersOptions): Promise<Map<string, string>> {
  const log = o.log ?? console.error;
  const call = apiCall(base, token);
  const today = todayInIndia();
  const ids = new Map<string, string>();

  const existing = async (email: string): Promise<string | undefined> => {
    for (const status of ['', '&status=archived']) {
      const r = memberRoutes.list.responses[200].parse(await must('find member', call('GET', `/members?search=${encodeURIComponent(email)}${status}`)));
      const hit = r.data.find((m) => m.user.email === email);
      if (hit) return hit._id;
    }
    return undefined;
  };

  for (const [i, p] of PLAN.entries()) {
    const email = `${p.first}.${p.last}@example.in`.toLowerCase();
    const found = await existing(email);
    if (found) {
      ids.set(email, found);
      continue;
    }
    const locationId = p.where === 'pune' ? o.pune : o.blr;
    const start = startFor(p, today);
    const created = memberRoutes.create.responses[201].parse(
      await must(
        `member ${email}`,
        call('POST', '/members', {
          firstName: p.first,
          lastName: p.last,
          email,
          phone: `+91 98${String(76500000 + i * 104_729).slice(0, 3)} ${String(10000 + i * 3571).slice(0, 5)}`,
          membershipType: p.type,
          paymentFrequency: p.frequency,
          membershipFee: p.fee,
          paymentMethod: i % 2 ? 'upi' : 'cash',
          locationId,
          startDate: start,
          gender: i % 3 === 0 ? 'male' : i % 3 === 1 ? 'female' : 'other',
        }),
      ),
    ).data;
    const id = created._id;
    ids.set(email, id);
    const renew = (body: Record<string, unknown>) =>
      must(
        `renew ${email}`,
        call('POST', `/members/${id}/renew`, { membershipType: p.type, paymentFrequency: p.frequency, membershipFee: p.fee, paymentMethod: 'upi', ...body }),
      );

    switch (p.story) {
      case 'history': {
        // Back-to-back terms up to now, then one running: three or four terms of history.
        let end = created.membershipEndDate;
        while (end < today) {
          await renew({ startDate: end });
          end = shift(end, { months: MONTHS[p.frequency] });
        }
        break;
      }
      case 'frozen':
        await must(`freeze ${email}`, call('POST', `/members/${id}/freeze`, { reason: 'Travelling for work' }));
        break;
      case 'cancelled':
        await must(`cancel ${email}`, call('POST', `/members/${id}/cancel`, { reason: 'Moved to another city' }));
        break;
      case 'archived':
        await must(`archive ${email}`, call('DELETE', `/members/${id}`));
        break;
      default:
        break;
    }

    for (let k = 0; k < (p.measurements ?? 0); k++) {
      await must(
        `measurement ${email}`,
        call('POST', `/members/${id}/measurements`, {
          measuredOn: shift(today, { days: -14 * ((p.measurements ?? 0) - 1 - k) }),
          weightKg: Math.round((82 - k * 0.8 - i * 0.3) * 10) / 10,
          bodyFatPercent: Math.round((24 - k * 0.6) * 10) / 10,
          chestCm: 98 + (k % 2),
          waistCm: 90 - k,
          armsCm: 33 + k * 0.2,
        }),
      );
    }

    const trainerId = p.trainer === undefined ? undefined : o.trainerIds?.[p.trainer];
    if (trainerId) {
      // The trainers projection follows the trainers service's events: give it a few seconds.
      for (let attempt = 0; ; attempt++) {
        const r = await call('POST', `/members/${id}/assign-trainer`, { trainerId });
        if (r.status === 200) break;
        if (attempt >= 20) {
          log(`[seed] could not assign a trainer to ${email}: ${r.status} ${JSON.stringify(r.json)}`);
          break;
        }
        await new Promise((res) => setTimeout(res, 500));
      }
    }
  }

  // Someone who joined with the gym's code: a member awaiting a plan (made by the members service from auth's event).
  if (o.joinCode) {
    const email = 'nisha.das@example.in';
    const r = await apiCall(base)('POST', '/auth/register', {
      firstName: 'Nisha',
      lastName: 'Das',
      email,
      phone: '+91 98111 22233',
      password: o.password,
      role: 'member',
      gymCode: o.joinCode,
    });
    if (r.status !== 201 && r.status !== 200 && r.status !== 409) throw new Error(`seed: join-code member answered ${r.status}: ${JSON.stringify(r.json)}`);
  }
  log(`[seed] ${ids.size} members`);
  return ids;
}
