import { randomUUID } from 'node:crypto';
import type { api as apiFor } from './api.ts';

type Api = ReturnType<typeof apiFor>;
type Gym = Awaited<ReturnType<Api['newGym']>>;

/** Polls `check` until it answers true (every `interval` ms, for `timeout` ms), else throws `what`. */
const until = async (what: string, check: () => Promise<boolean>, { timeout = 30_000, interval = 250 } = {}) => {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, interval));
  }
};

/** A control of the Razorpay stand-in (what Razorpay does on its own schedule); its answer, or a throw. */
export const standinControl = async (razorpayUrl: string, path: string, body: unknown = {}): Promise<unknown> => {
  const res = await fetch(`${razorpayUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json: unknown = await res.json();
  if (res.status !== 200) throw new Error(`stand-in ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
};

/** `date` (YYYY-MM-DD) plus `n` calendar months, clamped to the month's last day. */
export const addMonthsTo = (date: string, n: number): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + n, Math.min(d, last))).toISOString().slice(0, 10);
};

/**
 * Autopay on a new gym (issue 28): it sells "Monthly Premium" (₹1,999 a month, GST included), takes online payments
 * with its own Razorpay keys (the stand-in's account signs its webhooks with the gym's webhook secret) and has autopay
 * on for the plan — once payments has learned the plan from auth's event.
 */
export async function gymWithAutopay(api: Api, gym: Gym, razorpayUrl: string): Promise<{ planId: string }> {
  const got = await api.call('GET', '/settings/gym', undefined, gym.token);
  if (got.status !== 200) throw new Error(`settings: ${got.status}`);
  const s = got.json.data;
  const put = await api.call(
    'PUT',
    '/settings/gym',
    {
      name: s.organization.name,
      brandColor: s.organization.brandColor,
      languages: s.organization.languages,
      timezone: s.organization.timezone,
      currency: 'INR',
      locations: s.locations.map((l: Record<string, unknown>) => ({
        _id: l._id,
        name: l.name,
        city: l.city || 'Pune',
        timezone: l.timezone,
        openingHours: l.openingHours,
        capacity: l.capacity,
      })),
      plans: [{ name: 'Monthly Premium', type: 'premium', durationMonths: 1, price: 1999, gstInclusive: true }],
    },
    gym.token,
  );
  if (put.status !== 200) throw new Error(`plans: ${put.status} ${JSON.stringify(put.json)}`);
  const planId = (put.json.data.plans as { _id: string }[])[0]!._id;
  const keys = { keyId: `rzp_test_${randomUUID().replace(/-/g, '').slice(0, 14)}`, keySecret: `secret-${randomUUID()}`, webhookSecret: `hook-${randomUUID()}` };
  await standinControl(razorpayUrl, '/__standin/accounts', keys);
  const saved = await api.call('PUT', '/payments/integrations/razorpay', keys, gym.token);
  if (saved.status !== 200) throw new Error(`keys: ${saved.status} ${JSON.stringify(saved.json)}`);
  await until(
    'autopay on for the plan',
    async () => (await api.call('PUT', `/payments/autopay/plans/${planId}`, { enabled: true }, gym.token)).status === 200,
    {
      timeout: 20_000,
    },
  );
  return { planId };
}

/**
 * A member added by staff (an active monthly premium term of ₹1,999, its first payment pending), who sets a password
 * from the invitation mail: their sign-in and session token.
 */
export async function invitedMember(
  api: Api,
  gym: Gym,
  mailUrl: string,
): Promise<{ id: string; name: string; email: string; password: string; token: string }> {
  const firstName = `Asha${randomUUID().slice(0, 4)}`;
  const body = api.member(1, { firstName, lastName: 'Kulkarni', membershipType: 'premium', membershipFee: 1999 });
  const created = await api.call('POST', '/members', body, gym.token);
  if (created.status !== 201) throw new Error(`member: ${created.status} ${JSON.stringify(created.json)}`);
  let invitation = '';
  await until('the invitation mail', async () => {
    const res = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(body.email)}`);
    const { messages } = (await res.json()) as { messages: { text: string; html?: string }[] };
    const found = messages.map((m) => /accept-invitation\?token=([^\s"'<>&]+)/.exec(`${m.text}\n${m.html ?? ''}`)?.[1]).find(Boolean);
    invitation = found ? decodeURIComponent(found) : '';
    return invitation !== '';
  });
  const password = 'member pass 42';
  const accepted = await api.call('POST', '/auth/invitations/accept', { token: invitation, password });
  if (accepted.status !== 200) throw new Error(`invitation: ${accepted.status} ${JSON.stringify(accepted.json)}`);
  return { id: created.json.data._id as string, name: `${firstName} Kulkarni`, email: body.email, password, token: accepted.json.data.token as string };
}

/** The member's membership end date, as staff read it. */
export const endDateOf = async (api: Api, gym: Gym, memberId: string): Promise<string> => {
  const r = await api.call('GET', `/members/${memberId}`, undefined, gym.token);
  if (r.status !== 200) throw new Error(`member: ${r.status}`);
  return r.json.data.membershipEndDate as string;
};

/** The invoices (tax invoice, bill of supply or receipt) mailed to `to`, as the mail sink holds them. */
export const invoiceMails = async (mailUrl: string, to: string): Promise<{ subject: string }[]> => {
  const res = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(to)}`);
  const { messages } = (await res.json()) as { messages: { subject: string }[] };
  return messages.filter((m) => /^(Tax Invoice|Bill of Supply|Receipt) \S+ from /.test(m.subject));
};

/** The last webhooks the stand-in sent, with each one's last attempt (for a failure's message). */
export const webhooksSeen = async (razorpayUrl: string): Promise<string> => {
  const res = await fetch(`${razorpayUrl}/__standin/webhooks`);
  const { webhooks } = (await res.json()) as { webhooks: { event: string; status: string; attempts: unknown[] }[] };
  return `webhooks: ${JSON.stringify(webhooks.slice(-6).map((w) => [w.event, w.status, w.attempts.at(-1)]))}`;
};
