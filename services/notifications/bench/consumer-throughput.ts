// `npm run bench:notifications` (prints figures; not a test, never fails on a miss): how many events per second the
// notifications service's inbox consumers work through when a backlog stands in Kafka, as the browser suite's guards
// make one. One gym (an owner and two admins at each of two locations, so every staff notice goes to three people)
// receives BENCH_EVENTS (default 1,500) members.member_registered (a member copy and a notice to staff each) and as
// many feedback.feedback_submitted complaints (a notice to staff each); the bench times each consumer group from the
// first publish until every event is in its inbox, and checks that every event notified its recipients exactly once.
//
// Setup: its own schema in DATABASE_URL (default the local akhada_test) and its own topic namespace `benchnotif` on
// KAFKA_BROKERS (default 127.0.0.1:19092); both are left clean. On a shared machine run it under the e2e lock:
//   flock /tmp/akhada-e2e.lock npm run bench:notifications
process.env.AKHADA_TOPIC_NAMESPACE ??= 'benchnotif';
process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

const { AuthEvents, FeedbackEvents, MemberEvents, topicOf, topicSpecs } = await import('@akhada/contracts');
const { BaseConfig, bootRuntime, createEventBus, createLogger, makeEnvelope, newId } = await import('@akhada/kit');
const { dropSchema, uniqueSchema } = await import('@akhada/kit/testing');
const { startConsumers } = await import('../src/consumers/start-consumers.ts');
const { migrations } = await import('../src/db/migrations.ts');
const { loadavg } = await import('node:os');
type NotificationsDb = import('../src/db/schema.ts').NotificationsDb;
type EventEnvelope = import('@akhada/contracts').EventEnvelope<unknown>;

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_500);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/akhada_test';
const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(',');
const schema = uniqueSchema('benchnotif');
const logger = createLogger('bench-notifications', 'warn');

const orgId = newId();
const [L1, L2] = [newId(), newId()];
const staff = [
  { id: newId(), role: 'owner' as const, locs: [L1, L2] },
  { id: newId(), role: 'admin' as const, locs: [L1] },
  { id: newId(), role: 'admin' as const, locs: [L1] },
  { id: newId(), role: 'admin' as const, locs: [L2] },
  { id: newId(), role: 'admin' as const, locs: [L2] },
];
const meta = (aggregateId: string, locationId?: string) => ({
  aggregateId,
  orgId,
  correlationId: newId(),
  causationId: newId(),
  occurredAt: new Date().toISOString(),
  ...(locationId ? { locationId } : {}),
});
const memberRegistered = (i: number) => {
  const memberId = newId();
  const locationId = i % 2 ? L1 : L2;
  return makeEnvelope(MemberEvents.MemberRegistered, {
    ...meta(memberId, locationId),
    data: {
      memberId,
      locationId,
      firstName: `Bench${i}`,
      lastName: 'Sharma',
      email: `bench${i}@example.in`,
      phone: '9876543210',
      membershipType: 'basic',
      paymentFrequency: 'monthly',
      feePaise: 150_000,
      startDate: '2026-01-01',
      endDate: '2026-02-01',
    },
  });
};
const complaint = (i: number) => {
  const feedbackId = newId();
  const locationId = i % 2 ? L1 : L2;
  return makeEnvelope(FeedbackEvents.FeedbackSubmitted, {
    ...meta(feedbackId, locationId),
    data: {
      feedbackId,
      locationId,
      type: 'complaint',
      rating: 2,
      title: `Complaint ${i}`,
      complaintCategory: 'equipment',
      priority: 'medium',
      isAnonymous: false,
      memberId: null,
      memberName: 'A member',
      trainerId: null,
      submittedAt: new Date().toISOString(),
    },
  });
};

const config = BaseConfig.parse({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  KAFKA_BROKERS: brokers.join(','),
  INSTANCE_ID: schema,
});
const admin = createEventBus({ clientId: `${schema}-topics`, brokers, logger });
await admin.ensureTopics(topicSpecs());
await admin.disconnect();
const runtime = await bootRuntime<NotificationsDb>({ name: 'notifications', config, schema, migrations });
const { db } = runtime.dbh;
const bus = runtime.bus;
const consumers = await startConsumers({
  bus,
  db,
  logger,
  groups: Object.fromEntries(
    ['recipients', 'members', 'trainers', 'attendance', 'payments', 'feedback', 'chat', 'inventory'].map((g) => [g, `${schema}.${g}`]),
  ),
  startAt: 'now',
});
const publish = async (topic: string, envs: EventEnvelope[]) => {
  for (let i = 0; i < envs.length; i += 500)
    await bus.publish(envs.slice(i, i + 500).map((e) => ({ topic, key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId } })));
};
const inboxCount = async (consumer: string) =>
  Number(
    (
      await db
        .selectFrom('inbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('consumer', '=', consumer)
        .executeTakeFirstOrThrow()
    ).n,
  );
const until = async (check: () => Promise<boolean>, timeoutMs = 600_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the consumers did not catch up within 10 minutes');
    await new Promise((r) => setTimeout(r, 50));
  }
};

try {
  await publish(
    topicOf('auth'),
    staff.map((u) =>
      makeEnvelope(AuthEvents.UserRegistered, {
        ...meta(u.id),
        data: { userId: u.id, orgId, role: u.role, firstName: 'Staff', lastName: u.role, email: `${u.id}@example.in`, locationIds: u.locs },
      }),
    ),
  );
  await until(async () => (await inboxCount('notifications.recipients')) === staff.length);

  const members = Array.from({ length: EVENTS }, (_, i) => memberRegistered(i));
  const complaints = Array.from({ length: EVENTS }, (_, i) => complaint(i));
  const t0 = performance.now();
  const finished: Record<string, number> = {};
  await Promise.all([publish(topicOf('members'), members), publish(topicOf('feedback'), complaints)]);
  const published = performance.now() - t0;
  await until(async () => {
    for (const g of ['notifications.members', 'notifications.feedback'])
      if (finished[g] === undefined && (await inboxCount(g)) >= EVENTS) finished[g] = performance.now() - t0;
    return Object.keys(finished).length === 2;
  });
  const total = Math.max(...Object.values(finished));

  // Exactly once: three staff per event (the owner and the location's two admins), no more, no fewer.
  const perEvent = await db
    .selectFrom('notifications')
    .select(['source_event_id', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('source_event_id')
    .execute();
  const wrong = perEvent.filter((r) => Number(r.n) !== 3).length + (2 * EVENTS - perEvent.length);
  const [l1, l5] = loadavg();
  console.log(
    `notifications consumers, ${EVENTS} member_registered + ${EVENTS} complaints (3 recipients each); published in ${(published / 1000).toFixed(1)} s`,
  );
  for (const [g, ms] of Object.entries(finished))
    console.log(`  ${g.padEnd(24)} ${(EVENTS / (ms / 1000)).toFixed(0).padStart(6)} events/s  (${(ms / 1000).toFixed(1)} s)`);
  console.log(`  both topics together    ${((2 * EVENTS) / (total / 1000)).toFixed(0).padStart(6)} events/s  (${(total / 1000).toFixed(1)} s)`);
  console.log(`  events not notified exactly once to their 3 recipients: ${wrong}`);
  console.log(`  load average ${l1!.toFixed(2)} / ${l5!.toFixed(2)} (1 / 5 min) on ${(await import('node:os')).cpus().length} cores`);
} finally {
  for (const c of consumers) await c.stop().catch(() => undefined);
  await bus.deleteGroups((g) => g.includes(schema)).catch(() => undefined);
  for (const close of runtime.closers) await close().catch(() => undefined);
  await dropSchema(databaseUrl, schema);
}
process.exit(0);
