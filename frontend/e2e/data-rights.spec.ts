// The data-rights desk end to end (issue 16, India's DPDP Act) against the real stack: a member who has left traces in
// every service (member record, a payment with its tax invoice, a visit, a feedback ticket, a chat message) asks for
// erasure in Settings → Privacy; the owner approves it in Settings → Data requests; once every service has confirmed,
// the request is completed, no service answers with the person's name, email or phone (other people's notifications
// about her included), and the invoice still adds up. What she wrote (a ticket, chat messages) stays without her name.
import type { Browser } from 'playwright-core';
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dataRightsRoutes, paymentsRoutes } from '@akhada/contracts';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { signIn } from '@akhada/test-support/ui';
import { Api, PASSWORD, type Actor, type Gym } from './guard/actors.ts';

const base = inject('gatewayUrl');
const api = new Api(base);
let browser: Browser;
let gym: Gym & Awaited<ReturnType<Api['withAllRoles']>>;
let member: Actor;
// Unique words, so a hit anywhere in an answer can only be this person.
const tag = randomUUID().replace(/\D/g, '').slice(0, 6).padEnd(6, '7');
const person = {
  firstName: `Erasa${tag}`,
  lastName: `Quill${tag}`,
  email: `erase.me.${tag}.${randomUUID().slice(0, 6)}@example.in`,
  phoneDigits: `9${String(randomInt(100_000_000, 999_999_999))}`,
};
const phone = `+91 ${person.phoneDigits.slice(0, 5)} ${person.phoneDigits.slice(5)}`;
let invoiceId = '';
let invoiceTotal: unknown;
let feedbackId = '';
let conversationId = '';

const traces = (text: string): string[] =>
  [person.firstName, person.lastName, person.email, person.phoneDigits, person.phoneDigits.slice(0, 5)].filter((w) => text.includes(w));

beforeAll(async () => {
  browser = await launchBrowser();
  gym = await api.withAllRoles(await api.newGym('rights'));
  const owner = gym.owner;
  const joined = await api.call('POST', '/auth/register', {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phone,
    password: PASSWORD,
    role: 'member',
    gymCode: gym.joinCode,
  });
  if (joined.status !== 201) throw new Error(`join as member: ${joined.status} ${joined.text.slice(0, 200)}`);
  member = await api.signIn({ email: person.email, password: PASSWORD });

  // Traces in every service that keeps personal data, each once its service knows the member from the events.
  await api.until('members knows the member', () => api.call('GET', `/members/${member.userId}`, undefined, owner.token));
  // A member who joined by code is pending until the desk sells them a term (paid in cash: a payment in payments).
  await api.until('sell a term', () =>
    api.call(
      'POST',
      `/members/${member.userId}/renew`,
      { membershipType: 'basic', paymentFrequency: 'monthly', membershipFee: 1500, paymentMethod: 'cash' },
      owner.token,
    ),
  );
  const location = { locationId: gym.locationId, gstRegistered: false, stateCode: '27', legalName: 'Rights Fitness', address: 'Pune', invoicePrefix: 'RF' };
  await api.until('tax settings', () => api.call('PUT', '/payments/tax-settings', { sacCode: '999723', locations: [location] }, owner.token));
  const body = {
    paymentCategory: 'member',
    paymentType: 'personal_training',
    amount: 2400,
    description: 'Coaching',
    member: member.userId,
    status: 'completed',
  };
  const paid = await api.until('record a completed payment', () => api.call('POST', '/payments', body, owner.token));
  const paymentId = paymentsRoutes.create.responses[201].parse(paid.json).data._id;
  const issued = await api.until('issue its invoice', () => api.call('POST', '/payments/invoices', { paymentId }, owner.token));
  invoiceId = (issued.json as { data: { _id: string } }).data._id;
  await api.until('check the member in', () => api.call('POST', '/attendance/check-in', { memberId: member.userId, locationId: gym.locationId }, owner.token));
  const ticket = await api.until('submit feedback', () =>
    api.call('POST', '/feedback', { type: 'general', title: 'Showers', description: 'Please fix the showers on the first floor.' }, member.token),
  );
  feedbackId = (ticket.json as { data: { _id: string } }).data._id;
  const chat = await api.until('open a chat', () =>
    api.call('POST', '/chat/conversations', { type: 'direct', participants: [{ user: member.userId }] }, owner.token),
  );
  conversationId = (chat.json as { data: { _id: string } }).data._id;
  await api.until('send a message', () => api.call('POST', `/chat/conversations/${conversationId}/messages`, { content: 'Welcome!' }, owner.token));
  await api.until('reply', () => api.call('POST', `/chat/conversations/${conversationId}/messages`, { content: 'Thanks, see you tomorrow' }, member.token));
  // The dashboard's search and the invoice name the person before the erasure (else the checks below prove nothing).
  await api.until('dashboard search finds the member', () => api.call('GET', `/dashboard/search?q=${person.lastName}`, undefined, owner.token), {
    check: (r) => r.text.includes(person.lastName),
  });
  const invoice = await api.call('GET', `/payments/invoices/${invoiceId}`, undefined, owner.token);
  expect(traces(invoice.text)).toContain(person.firstName);
  const inv = (invoice.json as { data: Record<string, unknown> }).data;
  invoiceTotal = inv.total ?? inv.totalAmount;
  expect(invoiceTotal).toBeDefined();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  api.close();
});

describe('data-rights desk', () => {
  it('erases a member everywhere after the owner approves, keeping the invoice’s figures', async () => {
    // The member asks in Settings → Privacy.
    const memberCtx = await newContext(browser, base, 375);
    const mine = await memberCtx.newPage();
    await signIn(mine, person.email, PASSWORD, /\/dashboard/);
    await mine.goto('/dashboard/settings?tab=privacy');
    await mine.getByTestId('my-data-requests').waitFor();
    await mine.getByTestId('request-type').selectOption('erasure');
    await mine.getByTestId('request-details').fill('Please delete my data; I have moved cities.');
    await mine.getByTestId('request-submit').click();
    await mine.getByTestId('my-request-list').getByTestId('request-status').first().waitFor();
    const asked = dataRightsRoutes.myRequests.responses[200].parse((await api.call('GET', '/settings/data-requests/mine', undefined, member.token)).json);
    const request = asked.data.requests.find((r) => r.type === 'erasure');
    expect(request?.status).toBe('open');
    await memberCtx.close();

    // The owner approves it in Settings → Data requests.
    const ownerCtx = await newContext(browser, base);
    const desk = await ownerCtx.newPage();
    await signIn(desk, gym.owner.email, gym.owner.password);
    await desk.goto('/dashboard/settings?tab=requests');
    const item = desk.getByTestId('queue-item').filter({ hasText: person.lastName });
    await item.waitFor();
    await item.getByTestId('queue-note').fill('Approved at the member’s request.');
    await item.getByTestId('queue-approve').click();

    // Every service confirms; auth then completes the request.
    await api.until('the erasure completes', () => api.call('GET', `/settings/data-requests/${request!.id}`, undefined, gym.owner.token), {
      check: (r) => r.status === 200 && dataRightsRoutes.getRequest.responses[200].parse(r.json).data.status === 'completed',
      timeoutMs: 120_000,
    });
    await desk.reload();
    await desk.getByTestId('data-requests-queue').waitFor();
    await ownerCtx.close();

    // No service answers with the person's name, email or phone any more.
    const owner = gym.owner.token;
    const reads: Array<[string, string]> = [
      ['member', `/members/${member.userId}`],
      ['members search', `/members?search=${person.lastName}`],
      ['members list', '/members?limit=100'],
      ['dashboard search by name', `/dashboard/search?q=${person.lastName}`],
      ['dashboard search by phone', `/dashboard/search?q=${person.phoneDigits}`],
      ['dashboard overview', '/dashboard/overview'],
      ['payments', `/payments/member/${member.userId}`],
      ['invoice', `/payments/invoices/${invoiceId}`],
      ['attendance', '/attendance?limit=50'],
      ['attendance search', `/attendance?search=${person.lastName}`],
      ['feedback ticket', `/feedback/${feedbackId}`],
      ['feedback list', '/feedback?limit=50'],
      ['chat conversation', `/chat/conversations/${conversationId}`],
      ['chat messages', `/chat/conversations/${conversationId}/messages`],
      ['chat users', '/chat/users'],
      ['notifications', '/notifications?limit=50'],
      ['audit', '/dashboard/audit?limit=100'],
    ];
    const left: string[] = [];
    for (const [what, path] of reads) {
      const r = await api.call('GET', path, undefined, owner);
      expect(r.status, `${what}: ${r.text.slice(0, 200)}`).toBe(200);
      // The search answer repeats the query; what it found is what counts.
      const found = traces(path.startsWith('/dashboard/search') ? JSON.stringify((r.json as { data: { results: unknown } }).data.results) : r.text);
      if (found.length) left.push(`${what} (${path}): ${found.join(', ')}`);
    }
    expect(left).toEqual([]);

    // The tax invoice is kept with the same figures.
    const invoice = await api.call('GET', `/payments/invoices/${invoiceId}`, undefined, owner);
    expect(invoice.status).toBe(200);
    const inv = (invoice.json as { data: Record<string, unknown> }).data;
    expect(inv.total ?? inv.totalAmount).toEqual(invoiceTotal);

    // The person can no longer sign in.
    const again = await api.call('POST', '/auth/login', { email: person.email, password: PASSWORD });
    expect(again.status).toBe(401);
  }, 300_000);
});
