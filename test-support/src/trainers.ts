import { trainersRoutes } from '@akhada/contracts';

// A trainer who registered with a gym's join code is pending until staff approve them (they see nothing of the gym
// until then). The demo seed and the tests that need a working trainer take them through the same steps as the owner
// does, through the gateway's API.

const request = async (base: string, token: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}/api${path}`, {
    method,
    // No Content-Type without a body: an empty JSON body is refused.
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
};

const must = async (what: string, p: ReturnType<typeof request>) => {
  const r = await p;
  if (r.status !== 200 && r.status !== 201) throw new Error(`trainers: ${what} answered ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json;
};

/** The trainer with this email among those with `status` (the list searches emails), or undefined. */
export const trainerByEmail = async (gatewayUrl: string, token: string, email: string, status: 'active' | 'pending') => {
  const list = trainersRoutes.list.responses[200].parse(
    await must(`find trainer ${email}`, request(gatewayUrl, token, 'GET', `/trainers?status=${status}&limit=5&search=${encodeURIComponent(email)}`)),
  );
  return list.data.find((t) => t.user.email.toLowerCase() === email.toLowerCase());
};

/**
 * Approves the trainer who registered with the gym's join code and fills in their profile (strength and cardio,
 * evening slots on weekdays), as staff do. Waits for the pending record: the trainers service makes it from auth's
 * event, a moment after the registration. Already active: nothing changes. Returns the trainer's id.
 */
export async function approvePendingTrainer(
  gatewayUrl: string,
  staffToken: string,
  trainer: { email: string; firstName: string; lastName: string; phone: string },
  { timeoutMs = 30_000 } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const active = await trainerByEmail(gatewayUrl, staffToken, trainer.email, 'active');
    if (active) return active._id;
    const pending = await trainerByEmail(gatewayUrl, staffToken, trainer.email, 'pending');
    if (pending) {
      await must('approve the trainer', request(gatewayUrl, staffToken, 'POST', `/trainers/${pending._id}/approve`));
      await must(
        'the trainer’s profile',
        request(gatewayUrl, staffToken, 'PUT', `/trainers/${pending._id}`, {
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
      const weeklySlots = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, startTime: '18:00', endTime: '21:00' }));
      await must('the trainer’s schedule', request(gatewayUrl, staffToken, 'PUT', `/trainers/${pending._id}/schedule`, { weeklySlots }));
      return pending._id;
    }
    if (Date.now() > deadline) throw new Error(`trainers: ${trainer.email} did not appear as a pending trainer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
