// The demo chain, seeded once through the product's own public API (so it takes exactly the paths users take):
// one organization, two locations in different cities, an owner, an admin, a trainer and a few dozen members.
import { authRoutes, memberRoutes } from '@akhada/contracts';
import { approveDemoTrainer } from './seed-trainers.ts';

export const DEMO = {
  password: 'Akhada@2026',
  owner: { email: 'owner@akhada.demo', firstName: 'Vikram', lastName: 'Singh' },
  admin: { email: 'admin@akhada.demo', firstName: 'Meera', lastName: 'Iyer' },
  trainer: { email: 'trainer@akhada.demo', firstName: 'Arjun', lastName: 'Nair' },
  gym: 'Akhada Fitness',
  cities: ['Pune', 'Bengaluru'] as const,
};

const DEMO_TRAINER_PHONE = '+91 98220 33333';

const FIRST = [
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Kabir',
  'Isha',
  'Aditya',
  'Sneha',
  'Vihaan',
  'Diya',
  'Arnav',
  'Kavya',
  'Reyansh',
  'Pooja',
  'Sai',
  'Nisha',
  'Karan',
  'Riya',
];
const LAST = [
  'Sharma',
  'Patel',
  'Reddy',
  'Gupta',
  'Iyer',
  'Khan',
  'Das',
  'Joshi',
  'Mehta',
  'Rao',
  'Kulkarni',
  'Singh',
  'Bose',
  'Menon',
  'Chopra',
  'Naidu',
  'Pillai',
  'Shetty',
];
const TYPES = ['basic', 'premium', 'vip', 'annual'] as const;
const FREQ = { basic: 'monthly', premium: 'quarterly', vip: 'monthly', annual: 'annually' } as const;
const FEE = { basic: 1500, premium: 4200, vip: 3500, annual: 15000 } as const;

const call = async (base: string, method: string, path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, json };
};

const must = async (what: string, p: ReturnType<typeof call>, ok = [200, 201]) => {
  const r = await p;
  if (!ok.includes(r.status)) throw new Error(`seed: ${what} answered ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json;
};

/** Returns false when the demo already exists (the owner can sign in). */
export async function seedDemo(gatewayUrl: string, log: (s: string) => void = console.error): Promise<boolean> {
  const exists = await call(gatewayUrl, 'POST', '/auth/login', { email: DEMO.owner.email, password: DEMO.password });
  if (exists.status === 200) return false;

  log('[seed] creating the demo chain');
  await must(
    'register owner',
    call(gatewayUrl, 'POST', '/auth/register', {
      ...DEMO.owner,
      phone: '+91 98220 11111',
      password: DEMO.password,
      role: 'admin',
      gymName: DEMO.gym,
      city: DEMO.cities[0],
    }),
  );
  const login = authRoutes.login.responses[200].parse(
    await must('owner login', call(gatewayUrl, 'POST', '/auth/login', { email: DEMO.owner.email, password: DEMO.password })),
  );
  const pune = login.data.user.locations[0]!._id;
  const blr = authRoutes.createLocation.responses[201].parse(
    await must('second location', call(gatewayUrl, 'POST', '/auth/locations', { name: 'Indiranagar', city: DEMO.cities[1] }, login.data.token)),
  ).data._id;
  const fresh = authRoutes.refresh.responses[200].parse(await must('refresh', call(gatewayUrl, 'POST', '/auth/refresh', {}, login.data.token)));
  const token = fresh.data.token;
  await must(
    'admin',
    call(gatewayUrl, 'POST', '/auth/staff', { ...DEMO.admin, phone: '+91 98450 22222', role: 'admin', locationIds: [blr], password: DEMO.password }, token),
  );
  // The demo trainer joins with the gym's code, like a real one: pending until the owner approves them.
  const joinCode = login.data.user.organization.joinCode;
  if (!joinCode) throw new Error('seed: the demo gym has no join code');
  await must(
    'trainer',
    call(gatewayUrl, 'POST', '/auth/register', { ...DEMO.trainer, phone: DEMO_TRAINER_PHONE, role: 'trainer', gymCode: joinCode, password: DEMO.password }),
  );
  await approveDemoTrainer(gatewayUrl, token, { ...DEMO.trainer, phone: DEMO_TRAINER_PHONE });

  const today = new Date();
  for (let i = 0; i < 36; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    const type = TYPES[i % TYPES.length]!;
    // Spread start dates over the last months so the list shows a mix of fresh, ending and expired memberships.
    const start = new Date(today.getTime() - ((i * 11) % 120) * 86_400_000).toISOString().slice(0, 10);
    const body = {
      firstName: first,
      lastName: last,
      email: `${first}.${last}${i}@example.in`.toLowerCase(),
      phone: `+91 9${String(800000000 + i * 7919).slice(0, 9)}`,
      membershipType: type,
      paymentFrequency: FREQ[type],
      membershipFee: FEE[type],
      locationId: i % 2 === 0 ? pune : blr,
      startDate: start,
    };
    memberRoutes.create.responses[201].parse(await must(`member ${i}`, call(gatewayUrl, 'POST', '/members', body, token)));
  }
  log('[seed] demo chain ready');
  return true;
}
