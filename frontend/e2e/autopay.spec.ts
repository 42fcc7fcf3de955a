// Autopay (issue 28), end to end in headless Chromium against the real stack and the Razorpay stand-in: a member sets
// up autopay on My payments through the stand-in's Checkout (UPI AutoPay); the stand-in's charge — its signed
// subscription.activated and subscription.charged webhooks through the gateway — renews the membership by one period
// and the charge's invoice reaches the mail sink; a failed charge shows in staff's Pending payments and in the member's
// bell.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as apiFor } from '@akhada/test-support/api';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { LOOKS, sessionToken, signedInPage } from '@akhada/test-support/ui';

let browser: Browser;
const base = inject('gatewayUrl');
const razorpay = inject('razorpayUrl');
const mailUrl = inject('mailUrl');
const api = apiFor(base);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Gym = Awaited<ReturnType<typeof api.newGym>>;
interface Who {
  email: string;
  password: string;
}

/** The stand-in's test controls (what Razorpay does on its own schedule). */
const standin = async (path: string, body: unknown) => {
  const res = await fetch(`${razorpay}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json: unknown = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
};

/** `date` (YYYY-MM-DD) plus `n` calendar months, clamped to the month's last day. */
const addMonths = (date: string, n: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + n, Math.min(d, last))).toISOString().slice(0, 10);
};

/** The gym sells a monthly plan and takes online payments with its own Razorpay keys; autopay is on for the plan. */
async function gymWithAutopay(gym: Gym): Promise<{ planId: string }> {
  const got = await api.call('GET', '/settings/gym', undefined, gym.token);
  expect(got.status).toBe(200);
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
  expect(put.status, JSON.stringify(put.json)).toBe(200);
  const planId = (put.json.data.plans as { _id: string }[])[0]!._id;
  const keys = { keyId: `rzp_test_${randomUUID().replace(/-/g, '').slice(0, 14)}`, keySecret: `secret-${randomUUID()}`, webhookSecret: `hook-${randomUUID()}` };
  // Razorpay signs the gym's webhooks with the secret the gym set in its dashboard: the stand-in's account has it too.
  await standin('/__standin/accounts', keys);
  expect((await api.call('PUT', '/payments/integrations/razorpay', keys, gym.token)).status).toBe(200);
  // Payments learns the plan from auth's event: retry until it knows it.
  await expect
    .poll(async () => (await api.call('PUT', `/payments/autopay/plans/${planId}`, { enabled: true }, gym.token)).status, { timeout: 20_000, interval: 250 })
    .toBe(200);
  return { planId };
}

/** A member added by staff (an active monthly term), who sets a password from the invitation mail. */
async function memberOf(gym: Gym): Promise<Who & { id: string; name: string }> {
  const firstName = `Asha${randomUUID().slice(0, 4)}`;
  const body = api.member(1, { firstName, lastName: 'Kulkarni', membershipType: 'premium', membershipFee: 1999 });
  const created = await api.call('POST', '/members', body, gym.token);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  let token = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(body.email)}`);
        const { messages } = (await res.json()) as { messages: { text: string; html?: string }[] };
        const link = messages.map((m) => /accept-invitation\?token=([^\s"'<>&]+)/.exec(`${m.text}\n${m.html ?? ''}`)?.[1]).find(Boolean);
        token = link ? decodeURIComponent(link) : '';
        return token !== '';
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  const password = 'member pass 42';
  const accepted = await api.call('POST', '/auth/invitations/accept', { token, password });
  expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
  return { id: created.json.data._id as string, name: `${firstName} Kulkarni`, email: body.email, password };
}

const endDateOf = async (gym: Gym, memberId: string): Promise<string> => {
  const r = await api.call('GET', `/members/${memberId}`, undefined, gym.token);
  expect(r.status).toBe(200);
  return r.json.data.membershipEndDate as string;
};

const invoiceMails = async (to: string) => {
  const res = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(to)}`);
  const { messages } = (await res.json()) as { messages: { subject: string }[] };
  return messages.filter((m) => /^(Tax Invoice|Bill of Supply|Receipt) \S+ from /.test(m.subject));
};

/** AUTOPAY_SCREENSHOTS=<dir>: the member's autopay card and staff's Renewals panel at 375 and 1280 px, light and dark, en and hi. */
const shotsDir = process.env.AUTOPAY_SCREENSHOTS;
async function screenshots(name: string, who: Who, path: string, testId: string) {
  if (!shotsDir) return;
  const token = await sessionToken(base, who);
  for (const look of LOOKS) {
    const ctx = await newContext(browser, base, look.width, {
      storageState: {
        cookies: [],
        origins: [
          {
            origin: new URL(base).origin,
            localStorage: [
              { name: 'token', value: token },
              { name: 'theme', value: look.theme },
              { name: 'lang', value: look.lang },
            ],
          },
        ],
      },
    });
    const page = await ctx.newPage();
    await page.goto(path);
    await page.getByTestId(testId).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${shotsDir}/${name}-${look.width}-${look.theme}-${look.lang}.png`, fullPage: true });
    await ctx.close();
  }
}

interface Autopay {
  status: string;
  razorpaySubscriptionId: string;
  startDate: string;
  nextChargeDate: string | null;
}
/** What the stand-in sent (for a failure's message). */
const webhooksSeen = async () => {
  const res = await fetch(`${razorpay}/__standin/webhooks`);
  const { webhooks } = (await res.json()) as { webhooks: { event: string; status: string; attempts: unknown[] }[] };
  return `webhooks: ${JSON.stringify(webhooks.slice(-6).map((w) => [w.event, w.status, w.attempts.at(-1)]))}`;
};
/** A failed expectation says which webhooks the stand-in sent and how they were answered. */
const explained = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${await webhooksSeen()}`, { cause: err });
  }
};

const text = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .innerText({ timeout: 1_000 })
    .catch(() => '');

describe('autopay', () => {
  it('a member sets up autopay on Checkout; a charge renews the membership once and mails its invoice; a failed charge reaches Pending payments and the bell', async () => {
    const gym = await api.newGym('autopay');
    await gymWithAutopay(gym);
    const member = await memberOf(gym);
    const endBefore = await endDateOf(gym, member.id);

    // The member: My payments → Set up autopay → the stand-in's Checkout → Set up UPI AutoPay.
    const page = await signedInPage(browser, base, member, { width: 375, path: '/dashboard/me/payments', expectPath: /\/dashboard\/me\/payments/ });
    const card = page.getByTestId('my-autopay');
    await card.getByRole('button', { name: 'Set up autopay' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Set up UPI AutoPay' }).click();
    // Authorised (the stand-in's subscription.authenticated webhook set it; the card follows without a reload): the
    // first charge is due when the current term ends.
    const memberToken = await sessionToken(base, member);
    const mineNow = async () => (await api.call('GET', '/payments/autopay/mine', undefined, memberToken)).json.data[0] as Autopay | undefined;
    await explained(expect.poll(async () => (await mineNow())?.status, { timeout: 20_000 }).toBe('authenticated'));
    await expect.poll(() => text(page, 'autopay-status'), { timeout: 10_000 }).toBe('Authorised');
    const autopay = (await mineNow())!;
    expect(autopay.startDate).toBe(endBefore);

    // Razorpay charges the first cycle: the membership runs one month longer, once, and the invoice is mailed.
    await standin(`/__standin/subscriptions/${autopay.razorpaySubscriptionId}/charge`, {});
    const endAfter = addMonths(endBefore, 1);
    await explained(expect.poll(() => endDateOf(gym, member.id), { timeout: 20_000, interval: 250 }).toBe(endAfter));
    await expect.poll(async () => (await invoiceMails(member.email)).length, { timeout: 20_000, interval: 250 }).toBe(1);
    await page.reload();
    await expect.poll(() => text(page, 'autopay-status'), { timeout: 15_000 }).toBe('Active');
    expect(await text(page, 'autopay-next')).toContain('₹1,999.00');
    const paid = await api.call('GET', `/payments?member=${member.id}&status=completed&limit=100`, undefined, gym.token);
    expect(paid.status).toBe(200);
    expect((paid.json.data as { source: string }[]).filter((p) => p.source === 'autopay')).toHaveLength(1);

    // The next cycle's charge fails: a "Pay now" payment of the same amount in staff's Pending payments, and the member
    // is told in their bell; the membership does not move.
    await standin(`/__standin/subscriptions/${autopay.razorpaySubscriptionId}/charge`, { outcome: 'failure' });
    const staff = await signedInPage(browser, base, gym, { path: '/dashboard/payments/pending' });
    // (The member's first term, added by staff, is pending too: the autopay's is the one of its plan.)
    const row = staff.getByTestId('pending-row').filter({ hasText: member.name }).filter({ hasText: 'Monthly Premium' });
    await expect
      .poll(
        async () => {
          if (await row.count()) return true;
          await staff.reload();
          await staff
            .getByTestId('pending-table')
            .or(staff.getByRole('heading', { level: 1 }))
            .first()
            .waitFor({ timeout: 15_000 });
          return false;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    expect(await row.innerText()).toContain('₹1,999.00');
    await page.reload();
    await expect.poll(() => text(page, 'autopay-status'), { timeout: 15_000 }).toBe('Charge failed, retrying');
    await page.getByTestId('bell-button').click();
    await expect
      .poll(async () => (await page.getByTestId('bell-item').allInnerTexts()).some((t) => t.includes('Payment reminder') && t.includes('1,999')), {
        timeout: 20_000,
        interval: 500,
      })
      .toBe(true);
    expect(await endDateOf(gym, member.id)).toBe(endAfter);
    await page.context().close();
    await staff.context().close();

    await screenshots('autopay-member', member, '/dashboard/me/payments', 'autopay-running');
    await screenshots('autopay-staff', gym, '/dashboard/payments/renewals', 'autopay-table');
  });
});
