// The demo's conversations, seeded through the product's own chat API (after the members): the owner and the admin
// talk about the Bengaluru branch, the demo trainer asks the owner about the evening batch, the owner runs a Pune
// "Morning batch" group with some members and the trainer, and a Diwali-timings broadcast goes to every active
// member. Messages come only from accounts that can sign in (owner, admin, trainer); members read them when they do.
// Idempotent: nothing is added when the owner has conversations already. A failure is logged, never fatal: the chat
// demo is not needed by the rest of the demo chain.
import { chatRoutes } from '@akhada/contracts';

type Log = (s: string) => void;

const call = async (base: string, method: string, path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as unknown };
};

/** Retries while the chat service has not yet learnt of the people (404 / 403 until their events arrive). */
const until = async (what: string, fn: () => ReturnType<typeof call>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await fn();
    if (r.status === 200 || r.status === 201) return r.json;
    if (Date.now() > deadline || ![403, 404, 503].includes(r.status)) throw new Error(`${what} answered ${r.status}: ${JSON.stringify(r.json)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
};

const login = async (base: string, email: string, password: string): Promise<{ token: string; id: string }> => {
  const r = await call(base, 'POST', '/auth/login', { email, password });
  const data = (r.json as { data: { token: string; user: { _id: string } } }).data;
  return { token: data.token, id: data.user._id };
};

export async function seedChat(
  base: string,
  o: {
    password: string;
    owner: { email: string };
    admin: { email: string };
    trainer: { email: string };
    /** Member ids by email (seedMembers' answer); the active Pune ones join the group, every active one the broadcast. */
    members: Map<string, string>;
  },
  log: Log,
): Promise<void> {
  try {
    const owner = await login(base, o.owner.email, o.password);
    const existing = chatRoutes.conversations.responses[200].parse((await call(base, 'GET', '/chat/conversations', undefined, owner.token)).json);
    if (existing.data.length > 0) return;
    const admin = await login(base, o.admin.email, o.password);
    const trainer = await login(base, o.trainer.email, o.password);
    const idOf = (json: unknown) => (json as { data: { _id: string } }).data._id;
    const send = (conversationId: string, token: string, content: string) =>
      until('chat message', () => call(base, 'POST', `/chat/conversations/${conversationId}/messages`, { content }, token));

    const withAdmin = idOf(
      await until('owner–admin chat', () => call(base, 'POST', '/chat/conversations', { type: 'direct', participants: [{ user: admin.id }] }, owner.token)),
    );
    await send(withAdmin, owner.token, 'Meera, how did the Indiranagar renewals go this week?');
    await send(withAdmin, admin.token, 'Nine renewed, two asked for a freeze over Diwali. I will send the list tonight.');
    await send(withAdmin, owner.token, 'Great work. Freeze requests are fine, go ahead.');

    const withTrainer = idOf(
      await until('trainer–owner chat', () => call(base, 'POST', '/chat/conversations', { type: 'direct', participants: [{ user: owner.id }] }, trainer.token)),
    );
    await send(withTrainer, trainer.token, 'Sir, can we move the evening HIIT batch to 7 pm from next week?');
    await send(withTrainer, owner.token, 'Yes, put up a notice at the front desk as well.');

    const ids = (emails: string[]) => emails.map((e) => o.members.get(e)).filter((x): x is string => x !== undefined);
    const pune = ids(['aarav.sharma@example.in', 'isha.joshi@example.in', 'sneha.rao@example.in']);
    if (pune.length > 0) {
      const group = idOf(
        await until('morning batch group', () =>
          call(
            base,
            'POST',
            '/chat/conversations',
            {
              type: 'group',
              name: 'Morning batch (Pune)',
              description: '6–8 am strength and conditioning',
              groupType: 'training',
              participants: [...pune.map((user) => ({ user })), { user: trainer.id, role: 'admin' }],
            },
            owner.token,
          ),
        ),
      );
      await send(group, owner.token, 'Welcome to the morning batch group! Timings and changes will be shared here.');
      await send(group, trainer.token, 'Tomorrow: legs and core. Bring a towel and water bottle 💪');
    }
    const active = ids(['aarav.sharma@example.in', 'sneha.rao@example.in', 'vihaan.kulkarni@example.in', 'pooja.iyer@example.in', 'sai.bose@example.in']);
    if (active.length > 0) {
      const broadcast = idOf(
        await until('Diwali broadcast', () =>
          call(
            base,
            'POST',
            '/chat/conversations',
            { type: 'broadcast', name: 'Diwali timings', groupType: 'announcement', participants: active.map((user) => ({ user })) },
            owner.token,
          ),
        ),
      );
      await send(broadcast, owner.token, 'Both branches close at 2 pm on Diwali and stay closed the next day. Happy Diwali from Akhada Fitness! 🪔');
    }
    log('[seed] chat conversations ready');
  } catch (err) {
    log(`[seed] chat conversations skipped: ${(err as Error).message}`);
  }
}
