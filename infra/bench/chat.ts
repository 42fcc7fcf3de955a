// `npm run bench:chat` (prints figures; not a test, never fails on a miss): chat's real-time path under load. 200
// signed-in people hold one hub socket each (through the gateway, as browsers do) and sit in 20 group conversations of
// 10; for BENCH_SECONDS (default 20) participants send messages at BENCH_CHAT_RATE per second in total (default 40)
// through POST /chat/conversations/:id/messages. Every socket records every chat:message it receives; the bench prints
// the delivery latency (the send call's start → the push at each participant's socket) at p50/p99 and checks that
// every message reached every participant's socket exactly once (none missing, none twice).
//
// Setup: its own copy of the stack on the bench ports (services 31101-31110, gateway 30080) with a fresh database
// (akhada_bench_chat, topic namespace `benchchat`), at the production log level. The 200 people are the gym's staff
// accounts (an owner and 199 admins, made with POST /auth/staff: staff may talk to each other), so no mail is needed.
// On a shared machine run it under the e2e lock:  flock /tmp/akhada-e2e.lock npm run bench:chat
import { authRoutes, CHAT_SOCKET_EVENTS, ChatSocketMessage } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { payForPlan } from '@akhada/test-support/plan';
import { startBenchStack } from './bench-stack.ts';
import { call as apiCall, load, percentile } from './bench-api.ts';

const PEOPLE = Number(process.env.BENCH_CHAT_SOCKETS ?? 200);
const GROUPS = Number(process.env.BENCH_CHAT_CONVERSATIONS ?? 20);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 40);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 20);
// Below the ephemeral range (32768+), where an outgoing connection may hold a port the stack wants to listen on.
const PORT_OFFSET = 27_000;
const GATEWAY_PORT = 30_080;
const SMTP = { smtpPort: 30_525, httpPort: 30_025 };
const DATABASE = 'akhada_bench_chat';
const TARGET = { p99Ms: 500 };

const call = (base: string, method: string, p: string, body?: unknown, token?: string) =>
  apiCall<{ data: { _id: string } } & Record<string, unknown>>(base, method, p, body, token);
const must = async (what: string, p: ReturnType<typeof call>, ok = [200, 201]) => {
  const r = await p;
  if (!ok.includes(r.status)) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
};
const retry = async <T>(what: string, fn: () => Promise<T>, timeoutMs = 120_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what}: ${(err as Error).message}`, { cause: err });
      await new Promise((r) => setTimeout(r, 300));
    }
  }
};
const inBatches = async <T, R>(items: T[], size: number, fn: (t: T, i: number) => Promise<R>): Promise<R[]> => {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map((t, k) => fn(t, i + k)))));
  return out;
};

interface Person {
  id: string;
  token: string;
  socket?: Socket;
}

export async function main(root: string): Promise<void> {
  const loadBefore = load();
  const { infra, stack } = await startBenchStack({
    root,
    name: 'chat',
    database: DATABASE,
    smtp: SMTP,
    portOffset: PORT_OFFSET,
    gatewayPort: GATEWAY_PORT,
    namespace: 'benchchat',
  });
  const lines: string[] = [];
  const people: Person[] = [];
  try {
    const base = stack.gatewayUrl;
    const password = 'bench password 1';
    const ownerEmail = `bench-chat-${randomUUID().slice(0, 8)}@example.in`;
    await must(
      'register',
      call(base, 'POST', '/auth/register', {
        firstName: 'Bench',
        lastName: 'Owner',
        email: ownerEmail,
        phone: '+91 90000 00000',
        password,
        role: 'admin',
        gymName: 'Bench gym',
      }),
    );
    const owner = authRoutes.login.responses[200].parse(await must('login', call(base, 'POST', '/auth/login', { email: ownerEmail, password }))).data;
    await payForPlan((method, p, body) => apiCall(base, method, p, body, owner.token), 'enterprise');
    const locationId = owner.user.locations[0]!._id;
    people.push({ id: owner.user._id, token: owner.token });
    const t0 = Date.now();
    const staff = await inBatches(
      Array.from({ length: PEOPLE - 1 }, (_, i) => i),
      16,
      async (i) => {
        const email = `bench-${i}-${randomUUID().slice(0, 6)}@example.in`;
        await must(
          `staff ${i}`,
          call(
            base,
            'POST',
            '/auth/staff',
            { firstName: `Staff${i}`, lastName: 'Bench', email, phone: '+91 90000 00001', role: 'admin', locationIds: [locationId], password },
            owner.token,
          ),
        );
        const login = authRoutes.login.responses[200].parse(await must(`login ${i}`, call(base, 'POST', '/auth/login', { email, password }))).data;
        return { id: login.user._id, token: login.token };
      },
    );
    people.push(...staff);
    console.error(`[bench:chat] ${people.length} people in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // 20 groups of 10 (made by their first participant once the chat service knows everyone from auth's events).
    const size = Math.floor(PEOPLE / GROUPS);
    const groups = await inBatches(
      Array.from({ length: GROUPS }, (_, g) => people.slice(g * size, (g + 1) * size)),
      4,
      async (members, g) => {
        const [creator, ...rest] = members;
        const json = await retry(`group ${g}`, () =>
          must(
            `group ${g}`,
            call(
              base,
              'POST',
              '/chat/conversations',
              { type: 'group', name: `Batch ${g + 1}`, participants: rest.map((p) => ({ user: p.id })) },
              creator!.token,
            ),
          ),
        );
        return { id: json.data._id, members };
      },
    );

    // One hub socket per person, through the gateway.
    const received = new Map<string, Map<string, number>>(); // marker → (person → arrivals)
    const arrivedAt = new Map<string, number[]>(); // marker → arrival times
    await inBatches(people, 20, async (p) => {
      const socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token: p.token }, reconnection: false });
      socket.on(CHAT_SOCKET_EVENTS.message, (raw: unknown) => {
        const at = performance.now();
        const parsed = ChatSocketMessage.safeParse(raw);
        if (!parsed.success) return;
        const marker = parsed.data.message.text;
        const byPerson = received.get(marker) ?? new Map<string, number>();
        byPerson.set(p.id, (byPerson.get(p.id) ?? 0) + 1);
        received.set(marker, byPerson);
        arrivedAt.set(marker, [...(arrivedAt.get(marker) ?? []), at]);
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      p.socket = socket;
    });
    console.error(`[bench:chat] ${people.length} sockets open`);

    // The timed run: RATE messages per second, spread over the conversations, each from one of its participants.
    const sent = new Map<string, { at: number; group: number; ok: boolean }>();
    const loadAtRun = load();
    const total = RATE * DURATION_S;
    const start = performance.now();
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const g = i % groups.length;
      const group = groups[g]!;
      const sender = group.members[Math.floor(i / groups.length) % group.members.length]!;
      const marker = `bench ${i} ${randomUUID()}`;
      const at = performance.now();
      sent.set(marker, { at, group: g, ok: false });
      inflight.push(
        call(base, 'POST', `/chat/conversations/${group.id}/messages`, { content: marker }, sender.token).then((r) => {
          if (r.status === 201) sent.get(marker)!.ok = true;
        }),
      );
    }
    await Promise.all(inflight);
    const sendSeconds = (performance.now() - start) / 1000;
    // Let the last pushes arrive (or give up after 15 s).
    const expected = (m: string) => groups[sent.get(m)!.group]!.members.length;
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const missing = [...sent.entries()].some(([m, s]) => s.ok && (received.get(m)?.size ?? 0) < expected(m));
      if (!missing) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    const latencies: number[] = [];
    let okMessages = 0;
    let complete = 0;
    let missingDeliveries = 0;
    let duplicates = 0;
    for (const [m, s] of sent) {
      if (!s.ok) continue;
      okMessages++;
      const byPerson = received.get(m) ?? new Map<string, number>();
      const members = groups[s.group]!.members;
      let all = true;
      for (const p of members) {
        const n = byPerson.get(p.id) ?? 0;
        if (n === 0) {
          all = false;
          missingDeliveries++;
        }
        if (n > 1) duplicates += n - 1;
      }
      if (all) complete++;
      for (const at of arrivedAt.get(m) ?? []) latencies.push(at - s.at);
    }
    const sorted = latencies.sort((x, y) => x - y);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const exactlyOnce = complete === okMessages && duplicates === 0 && missingDeliveries === 0;
    lines.push(
      '',
      `npm run bench:chat — ${people.length} sockets through the gateway in ${groups.length} conversations of ${size}, ${RATE} messages/s for ${DURATION_S} s, NODE_ENV=production`,
      `  load average (1/5/15 min): before setup ${loadBefore}; at the run ${loadAtRun}; after ${load()}`,
      `  messages: ${sent.size} sent in ${sendSeconds.toFixed(1)} s, ${okMessages} accepted (201), ${sent.size - okMessages} refused`,
      `  deliveries: ${latencies.length} pushes for ${okMessages} messages × ${size} participants = ${okMessages * size} expected; ` +
        `${missingDeliveries} missing, ${duplicates} duplicated; ${complete}/${okMessages} messages reached every participant`,
      `  delivery latency (send call start → participant's socket): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`,
      '',
      `  ${exactlyOnce ? 'PASS' : 'MISS'}  every message reached every participant exactly once`,
      `  ${p99 <= TARGET.p99Ms ? 'PASS' : 'MISS'}  delivery p99 ≤ ${TARGET.p99Ms} ms: ${p99.toFixed(1)} ms`,
      '',
    );
  } finally {
    for (const p of people) p.socket?.close();
    await stack.stop();
    await infra.stop();
  }
  console.log(lines.join('\n'));
}
