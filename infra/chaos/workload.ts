// The chaos workload: real writes through the gateway on several gyms, as front desks make them, each recorded with
// its answer. acknowledged: a 2xx; refused: a 4xx (the product said no: nothing may show anywhere); unknown: a 5xx, a
// broken connection or no answer within the timeout (the write may or may not have happened: at most once).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { api } from '@akhada/test-support/api';
import type { Rng } from './rng.ts';

export type Outcome = 'acked' | 'refused' | 'unknown';
export type OpKind = 'member' | 'checkin' | 'checkout' | 'payment' | 'invoice' | 'refund' | 'sale';

export interface Op {
  kind: OpKind;
  gym: number;
  /** What identifies the write in the stores: a member's email, a payment's notes, the member checked in, … */
  tag: string;
  outcome: Outcome;
  status: number | string;
  /** The id the service answered with (acknowledged writes). */
  id?: string;
  /** A payment's or refund's amount in paise. */
  paise?: number;
  /** The payment a refund is of. */
  paymentId?: string;
  ms: number;
}

export interface Gym {
  /** The owner's session (15 minutes: a longer run signs in again, see signInAgain). */
  token: string;
  email: string;
  password: string;
  orgId: string;
  ownerId: string;
  /** The gym's first location, where its POS sells. */
  locationId: string;
  /** An item for sale at that location, with SALE_STOCK units, that the POS sales sell one at a time. */
  itemId: string;
}

/** The units each gym's item starts with: more than any run sells (the checker counts what the sales took). */
export const SALE_STOCK = 100_000;

/** Registers `count` gyms on the Pro plan (more members than the trial's 14; the soak's: Enterprise, no limit), their owners signed in. */
export async function newGyms(gatewayUrl: string, count: number, label: string, plan: 'pro' | 'enterprise' = 'pro'): Promise<Gym[]> {
  const a = api(gatewayUrl);
  return Promise.all(
    Array.from({ length: count }, async () => {
      const g = await a.newGym(label, { plan });
      const claims = JSON.parse(Buffer.from(g.token.split('.')[1]!, 'base64url').toString('utf8')) as { locs: string[] };
      const locationId = claims.locs[0]!;
      const item = await a.call(
        'POST',
        '/inventory',
        {
          name: 'Chaos Whey 1 kg',
          category: 'supplement',
          locationId,
          isForSale: true,
          sellingPrice: 2500,
          hsn: '2106',
          gstRate: 18,
          reorderLevel: 3,
          initialStock: { quantity: SALE_STOCK, unitCost: 1500, expiryDate: '2099-03-31', batchNo: 'CHAOS-1' },
        },
        g.token,
      );
      const itemId = (item.json as { data?: { _id?: string } } | undefined)?.data?._id;
      if (item.status !== 201 || !itemId) throw new Error(`the chaos gym's item for sale: ${item.status} ${JSON.stringify(item.json)}`);
      return { token: g.token, email: g.email, password: g.password, orgId: g.user.organization._id, ownerId: g.user._id, locationId, itemId };
    }),
  );
}

/** Gives each gym's owner a new session (the workload reads `gym.token` for every write): a session lasts 15 minutes. */
export async function signInAgain(gatewayUrl: string, gyms: Gym[]): Promise<void> {
  const a = api(gatewayUrl);
  await Promise.all(
    gyms.map(async (gym) => {
      gym.token = (await a.login(gym.email, gym.password)).token;
    }),
  );
}

const REQUEST_TIMEOUT_MS = 8_000;

/** What the workload reads of an answer: the new record's id, a payment's total. */
interface Answer {
  data?: { _id?: string; totalAmount?: number };
}

/** One write: its answer classified, never thrown. */
async function send(
  gatewayUrl: string,
  method: string,
  path: string,
  body: unknown,
  token: string,
): Promise<{ outcome: Outcome; status: number | string; json?: Answer }> {
  try {
    const res = await fetch(`${gatewayUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text().catch(() => '');
    let json: Answer | undefined;
    try {
      json = JSON.parse(text) as Answer;
    } catch {
      json = undefined;
    }
    const outcome: Outcome = res.status < 300 ? 'acked' : res.status < 500 ? 'refused' : 'unknown';
    return { outcome, status: res.status, json };
  } catch (err) {
    // Refused to connect: the request never left this machine's socket, so nothing can have been written. Anything
    // else (reset mid-request, no answer in time) may have been.
    const code = ((err as Error).cause as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ECONNREFUSED') return { outcome: 'refused', status: 'conn refused' };
    return { outcome: 'unknown', status: (err as Error).name === 'TimeoutError' ? 'timeout' : (code ?? 'conn') };
  }
}

/**
 * Sends writes with `concurrency` front desks until `until()` says stop: members added, checked in and out, payments
 * recorded and partly refunded, on every gym. Writes that need an earlier one (a check-in needs an added member) pick
 * among the acknowledged ones. Returns every write sent, with its answer.
 */
export async function runWorkload({
  gatewayUrl,
  gyms,
  rng,
  until,
  concurrency = 4,
  pauseMs = 60,
  pace,
  onOp,
}: {
  gatewayUrl: string;
  gyms: Gym[];
  rng: Rng;
  until: () => boolean;
  concurrency?: number;
  pauseMs?: number;
  /** Awaited before each write (the soak's fixed rate); without it each desk writes as fast as answers come. */
  pace?: () => Promise<void>;
  /** Called with each write as its answer arrives. */
  onOp?: (op: Op) => void;
}): Promise<Op[]> {
  const ops: Op[] = [];
  const members = gyms.map(() => [] as string[]);
  const checkedIn = gyms.map(() => new Set<string>());
  const open = gyms.map(() => [] as string[]);
  const paid = gyms.map(() => [] as { id: string; paise: number }[]);
  const invoiceable = gyms.map(() => [] as string[]);
  const record = (op: Omit<Op, 'ms'>, t0: number) => {
    const done = { ...op, ms: Date.now() - t0 };
    ops.push(done);
    onOp?.(done);
  };

  const one = async () => {
    const g = rng.int(gyms.length);
    const gym = gyms[g]!;
    const t0 = Date.now();
    const roll = rng.next();
    const notIn = members[g]!.filter((m) => !checkedIn[g]!.has(m));
    if (roll < 0.3 || members[g]!.length < 3) {
      const email = `chaos-${randomUUID().slice(0, 12)}@example.in`;
      const r = await send(
        gatewayUrl,
        'POST',
        '/members',
        {
          firstName: 'Chaos',
          lastName: `M${ops.length}`,
          email,
          phone: '+91 91234 56789',
          membershipType: 'basic',
          membershipFee: 1500,
          paymentFrequency: 'monthly',
        },
        gym.token,
      );
      const id = r.outcome === 'acked' ? r.json?.data?._id : undefined;
      if (id) members[g]!.push(id);
      record({ kind: 'member', gym: g, tag: email, outcome: r.outcome, status: r.status, ...(id ? { id } : {}) }, t0);
    } else if (roll < 0.55 && notIn.length > 0) {
      // Each member checks in at most once a run: a second attempt would be refused as already inside anyway.
      const memberId = rng.pick(notIn);
      checkedIn[g]!.add(memberId);
      const r = await send(gatewayUrl, 'POST', '/attendance/check-in', { memberId, checkInMethod: 'manual' }, gym.token);
      const id = r.outcome === 'acked' ? r.json?.data?._id : undefined;
      if (id) open[g]!.push(id);
      record({ kind: 'checkin', gym: g, tag: memberId, outcome: r.outcome, status: r.status, ...(id ? { id } : {}) }, t0);
    } else if (roll < 0.65 && open[g]!.length > 0) {
      const attendanceId = open[g]!.splice(rng.int(open[g]!.length), 1)[0]!;
      const r = await send(gatewayUrl, 'POST', '/attendance/check-out', { attendanceId }, gym.token);
      record({ kind: 'checkout', gym: g, tag: attendanceId, outcome: r.outcome, status: r.status, id: attendanceId }, t0);
    } else if (roll >= 0.78 && roll < 0.85) {
      // A POS sale of one unit: its id is the idempotency key, so a retried request sells once (payments records it from
      // inventory's event, with its tax invoice).
      const saleId = randomUUID();
      const r = await send(
        gatewayUrl,
        'POST',
        '/pos/sales',
        { saleId, locationId: gym.locationId, buyer: { kind: 'walk_in' }, lines: [{ itemId: gym.itemId, quantity: 1 }], paymentMethod: 'cash' },
        gym.token,
      );
      record({ kind: 'sale', gym: g, tag: saleId, outcome: r.outcome, status: r.status, id: saleId }, t0);
    } else if (roll < 0.85 || paid[g]!.length === 0) {
      const memberId = rng.pick(members[g]!);
      const notes = `chaos ${randomUUID()}`;
      const rupees = 100 + rng.int(2000);
      const r = await send(
        gatewayUrl,
        'POST',
        '/payments',
        {
          paymentCategory: 'member',
          paymentType: 'membership_fee',
          amount: rupees,
          paymentMethod: 'cash',
          description: 'Chaos payment',
          notes,
          member: memberId,
        },
        gym.token,
      );
      const id = r.outcome === 'acked' ? r.json?.data?._id : undefined;
      const total = r.json?.data?.totalAmount;
      if (id && total !== undefined) paid[g]!.push({ id, paise: Math.round(total * 100) });
      if (id) invoiceable[g]!.push(id);
      record({ kind: 'payment', gym: g, tag: notes, outcome: r.outcome, status: r.status, paise: rupees * 100, ...(id ? { id } : {}) }, t0);
    } else if (roll < 0.95 && invoiceable[g]!.length > 0) {
      // Issued once per payment here (a second POST answers the same invoice: it would prove nothing about duplicates).
      const paymentId = invoiceable[g]!.splice(rng.int(invoiceable[g]!.length), 1)[0]!;
      const r = await send(gatewayUrl, 'POST', '/payments/invoices', { paymentId }, gym.token);
      record({ kind: 'invoice', gym: g, tag: paymentId, outcome: r.outcome, status: r.status, ...(r.json?.data?._id ? { id: r.json.data._id } : {}) }, t0);
    } else {
      const p = paid[g]!.splice(rng.int(paid[g]!.length), 1)[0]!;
      const rupees = 1 + rng.int(Math.max(1, Math.floor(p.paise / 200)));
      const reason = `chaos refund ${randomUUID()}`;
      const r = await send(gatewayUrl, 'POST', `/payments/${p.id}/refund`, { amount: rupees, reason }, gym.token);
      record({ kind: 'refund', gym: g, tag: reason, outcome: r.outcome, status: r.status, paise: rupees * 100, paymentId: p.id }, t0);
    }
  };

  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!until()) {
        if (pace) await pace();
        if (until()) break;
        const before = ops.length;
        await one();
        // Without an answer (the gateway down or paused), a desk waits a moment before it tries again.
        await sleep(ops[before] && typeof ops[before].status === 'string' ? 500 : pauseMs);
      }
    }),
  );
  return ops;
}
