// The demo chain, seeded once through the product's own public API (so it takes exactly the paths users take):
// one organization, two locations in different cities, an owner, an admin, a trainer, and members in every state
// (seed-members.ts).
import { authRoutes } from '@akhada/contracts';
import { payForPlan } from '@akhada/test-support/plan';
import { approvePendingTrainer } from '@akhada/test-support/trainers';
import { apiCall, must } from './seed-api.ts';
import { seedAttendance } from './seed-attendance.ts';
import { seedClasses } from './seed-classes.ts';
import { seedEnquiries } from './seed-enquiries.ts';
import { seedPackTypes } from './seed-packs.ts';
import { seedChat } from './seed-chat.ts';
import { seedFeedback } from './seed-feedback.ts';
import { seedInventory } from './seed-inventory.ts';
import { seedMembers } from './seed-members.ts';
import { seedPayments } from './seed-payments.ts';
import { DEMO_TRAINERS, seedTrainers } from './seed-trainers.ts';
import { seedTaxSettings } from './seed-invoices.ts';

export const DEMO = {
  password: 'Akhada@2026',
  owner: { email: 'owner@akhada.demo', firstName: 'Vikram', lastName: 'Singh' },
  admin: { email: 'admin@akhada.demo', firstName: 'Meera', lastName: 'Iyer' },
  trainer: { email: 'trainer@akhada.demo', firstName: 'Arjun', lastName: 'Nair' },
  gym: 'Akhada Fitness',
  cities: ['Pune', 'Bengaluru'] as const,
};

const DEMO_TRAINER_PHONE = '+91 98220 33333';

/** A JSON call to the gateway, as the user of `token` (none: as a guest). */
const call = (base: string, method: string, path: string, body?: unknown, token?: string) => apiCall(base, token)(method, path, body);

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
  // The demo chain runs on the Enterprise plan, the one for more than one location: the free trial's 14 members and
  // 2 trainers would not hold a chain of two branches, and a demo older than 14 days would be read-only.
  // Paid as an owner pays: an order on Akhada's Razorpay account, paid in the Razorpay stand-in's Checkout.
  await payForPlan((method, path, body) => call(gatewayUrl, method, path, body, token), 'enterprise');
  await seedTaxSettings(gatewayUrl, token, { pune, blr, legalName: 'Akhada Fitness Private Limited', log });
  // The demo trainer joins with the gym's code, like a real one: pending until the owner approves them.
  const joinCode = login.data.user.organization.joinCode;
  if (!joinCode) throw new Error('seed: the demo gym has no join code');
  await must(
    'trainer',
    call(gatewayUrl, 'POST', '/auth/register', { ...DEMO.trainer, phone: DEMO_TRAINER_PHONE, role: 'trainer', gymCode: joinCode, password: DEMO.password }),
  );
  await approvePendingTrainer(gatewayUrl, token, { ...DEMO.trainer, phone: DEMO_TRAINER_PHONE });
  // More trainers (both branches, certifications, weekly slots) before the members, so some members get one.
  const seeded = await seedTrainers(gatewayUrl, token, [pune, blr], log);
  // A member's `trainer` index is a branch (0 Pune, 1 Bengaluru): the first trainer there who takes clients.
  const trainerIds = [0, 1].flatMap((branch) => {
    const i = DEMO_TRAINERS.findIndex((t) => t.location === branch && !t.away);
    const id = i >= 0 ? seeded[i] : undefined;
    return id ? [id] : [];
  });
  const members = await seedMembers(gatewayUrl, token, { pune, blr, joinCode, trainerIds, password: DEMO.password, log });
  await seedPayments(gatewayUrl, token, log);
  await seedAttendance(gatewayUrl, token, log);
  await seedChat(gatewayUrl, { ...DEMO, members }, log);
  await seedFeedback(gatewayUrl, token, { joinCode, trainerIds: seeded, password: DEMO.password, log });
  await seedInventory(gatewayUrl, token, { pune, blr, log });
  await seedClasses(gatewayUrl, token, { pune, blr, trainerIds: seeded, members, log });
  await seedPackTypes(gatewayUrl, token, log);
  await seedEnquiries(gatewayUrl, token, { pune, blr, trainerEmail: DEMO.trainer.email, log });
  log('[seed] demo chain ready');
  return true;
}
