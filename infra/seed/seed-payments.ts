// The demo chain's money, seeded through the public API (POST /payments, mark-paid, refund, trainer salaries): the
// members' own fees arrive by themselves (payments records each registration and renewal from the members service's
// events); this adds what a gym's month looks like on top: most registration fees collected by cash, UPI or card,
// personal training and lockers, a few dues (overdue and due soon), trainer salaries (last month paid, this month one
// pending), rent and utilities, and a partial refund. Idempotent: when trainer salaries exist, nothing is added.
import { memberRoutes, paymentsRoutes, trainersRoutes } from '@akhada/contracts';
import { apiCall, must, todayInIndia, daysFromToday } from './seed-api.ts';

const hoursAgo = (h: number): string => new Date(Date.now() - h * 3_600_000).toISOString();

/** Polls until `probe` answers true (the payments service learns members and trainers from their events). */
const until = async (what: string, probe: () => Promise<boolean>, ms = 90_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`seed: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
};

export async function seedPayments(base: string, token: string, log: (s: string) => void = console.error): Promise<void> {
  const call = apiCall(base, token);
  const salaries = paymentsRoutes.list.responses[200].parse(await must('trainer payments', call('GET', '/payments?category=trainer&limit=1')));
  if (salaries.totalCount > 0) return;
  log('[seed] payments');

  const members = memberRoutes.list.responses[200]
    .parse(await must('members', call('GET', '/members?limit=100')))
    .data.filter((m) => m.status === 'active' || m.status === 'frozen' || m.status === 'expired');
  const trainers = trainersRoutes.list.responses[200].parse(await must('trainers', call('GET', '/trainers?limit=50'))).data;
  if (members.length === 0) return;

  // The members' fees come from their events; wait until payments knows every member and trainer. Not just the last
  // one: the events of different members go through different partitions, applied side by side, in no order between them.
  const knows = async (paths: string[]) => (await Promise.all(paths.map((p) => call('GET', p)))).every((r) => r.status === 200);
  await until('payments to know the members', () => knows(members.map((m) => `/payments/member/${m._id}`)));
  await until('payments to know the trainers', () => knows(trainers.map((t) => `/payments/trainer/${t._id}`)));

  // Most registration fees were collected: marked paid over the last three weeks, by the usual methods.
  const pending = paymentsRoutes.pending.responses[200].parse(await must('pending', call('GET', '/payments/pending?limit=100'))).data;
  const methods = ['upi', 'cash', 'card', 'upi', 'netbanking'] as const;
  for (const [i, p] of pending.entries()) {
    if (i % 4 === 3) continue; // a few stay owed
    await must(
      `mark paid ${p._id}`,
      call('POST', `/payments/${p._id}/mark-paid`, {
        paymentMethod: methods[i % methods.length],
        paidAt: hoursAgo(Math.min(20 + i * 37, 600)),
        reference: `RCPT-${1001 + i}`,
      }),
      [200, 409],
    );
  }

  const create = (what: string, body: Record<string, unknown>) => must(what, call('POST', '/payments', body));
  const extras: [string, string, number, string, string][] = [
    ['personal_training', 'Personal training — 8 sessions', 4000, 'upi', 'completed'],
    ['locker_fee', 'Locker rental — 3 months', 600, 'cash', 'completed'],
    ['supplement_purchase', 'Whey protein 1 kg', 2899, 'card', 'completed'],
    ['group_class', 'Zumba batch — November', 1200, 'upi', 'completed'],
  ];
  let supplementId: string | undefined;
  for (const [i, m] of members.slice(0, 8).entries()) {
    const [type, description, amount, method, status] = extras[i % extras.length]!;
    const res = (await create(`${type} for ${m.fullName}`, {
      paymentCategory: 'member',
      paymentType: type,
      amount,
      gstAmount: Math.round(amount * 18) / 100,
      paymentMethod: method,
      description,
      member: m._id,
      status,
    })) as { data: { _id: string } };
    if (type === 'supplement_purchase') supplementId ??= res.data._id;
  }
  // Dues: one overdue by 10 days (Critical), one by 2 (Overdue), one due in 5 days.
  for (const [i, days] of [-10, -2, 5].entries()) {
    const m = members[(i + 3) % members.length]!;
    await create(`due for ${m.fullName}`, {
      paymentCategory: 'member',
      paymentType: 'personal_training',
      amount: [3500, 2000, 1500][i],
      paymentMethod: 'upi',
      description: ['Personal training — 6 sessions', 'Diet consultation', 'Personal training — 4 sessions'][i],
      member: m._id,
      status: 'pending',
      dueDate: daysFromToday(days),
    });
  }
  if (supplementId)
    await must('refund', call('POST', `/payments/${supplementId}/refund`, { amount: 500, reason: 'Sealed tub returned; price difference refunded' }));

  // Trainer salaries: last month paid for everyone, this month paid for all but the last.
  const today = todayInIndia();
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const last = month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
  for (const [i, t] of trainers.entries()) {
    const amount = 25000 + (i % 3) * 5000;
    await must(`salary ${t._id}`, call('POST', `/payments/trainer/${t._id}/salary`, { ...last, amount, paymentMethod: 'netbanking' }), [201, 404, 409]);
    if (i < trainers.length - 1) {
      await must(
        `salary ${t._id} now`,
        call('POST', `/payments/trainer/${t._id}/salary`, { month, year, amount, paymentMethod: 'netbanking' }),
        [201, 404, 409],
      );
    }
  }
  if (trainers[0]) {
    await must(
      'commission',
      call('POST', `/payments/trainer/${trainers[0]._id}/salary`, { month, year, amount: 3200, paymentType: 'commission', paymentMethod: 'upi' }),
      [201, 404, 409],
    );
  }

  // The gym's own costs.
  await create('rent', {
    paymentCategory: 'expense',
    paymentType: 'rent',
    amount: 85000,
    paymentMethod: 'netbanking',
    description: 'Premises rent — this month',
  });
  await create('utilities', {
    paymentCategory: 'expense',
    paymentType: 'utilities',
    amount: 14250.5,
    paymentMethod: 'upi',
    description: 'Electricity bill',
    status: 'pending',
    dueDate: daysFromToday(6),
  });
  await create('maintenance', {
    paymentCategory: 'expense',
    paymentType: 'maintenance',
    amount: 3800,
    paymentMethod: 'cash',
    description: 'Treadmill belt replaced',
  });
}
