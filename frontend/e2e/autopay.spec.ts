// Autopay (issue 28), end to end in headless Chromium against the real stack and the Razorpay stand-in: a member sets
// up autopay on My payments through the stand-in's Checkout (UPI AutoPay); the stand-in's charge — its signed
// subscription.activated and subscription.charged webhooks through the gateway — renews the membership by one period
// and the charge's invoice reaches the mail sink; a failed charge shows in staff's Pending payments and in the member's
// bell.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as apiFor } from '@akhada/test-support/api';
import { addMonthsTo, endDateOf, gymWithAutopay, invitedMember, invoiceMails, standinControl, webhooksSeen } from '@akhada/test-support/autopay';
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

interface Who {
  email: string;
  password: string;
}

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
/** A failed expectation says which webhooks the stand-in sent and how they were answered. */
const explained = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${await webhooksSeen(razorpay)}`, { cause: err });
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
    const [, member] = await Promise.all([gymWithAutopay(api, gym, razorpay), invitedMember(api, gym, mailUrl)]);
    const endBefore = await endDateOf(api, gym, member.id);

    // The member: My payments → Set up autopay → the stand-in's Checkout → Set up UPI AutoPay.
    const page = await signedInPage(browser, base, member, { width: 375, path: '/dashboard/me/payments', expectPath: /\/dashboard\/me\/payments/ });
    const card = page.getByTestId('my-autopay');
    await card.getByRole('button', { name: 'Set up autopay' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Set up UPI AutoPay' }).click();
    // Authorised (the stand-in's subscription.authenticated webhook set it; the card follows without a reload): the
    // first charge is due when the current term ends.
    const mineNow = async () => (await api.call('GET', '/payments/autopay/mine', undefined, member.token)).json.data[0] as Autopay | undefined;
    await explained(expect.poll(async () => (await mineNow())?.status, { timeout: 20_000 }).toBe('authenticated'));
    await expect.poll(() => text(page, 'autopay-status'), { timeout: 10_000 }).toBe('Authorised');
    const autopay = (await mineNow())!;
    expect(autopay.startDate).toBe(endBefore);

    // Razorpay charges the first cycle: the membership runs one month longer, once, and the invoice is mailed.
    await standinControl(razorpay, `/__standin/subscriptions/${autopay.razorpaySubscriptionId}/charge`, {});
    const endAfter = addMonthsTo(endBefore, 1);
    await explained(expect.poll(() => endDateOf(api, gym, member.id), { timeout: 20_000, interval: 250 }).toBe(endAfter));
    await expect.poll(async () => (await invoiceMails(mailUrl, member.email)).length, { timeout: 20_000, interval: 250 }).toBe(1);
    await page.reload();
    await expect.poll(() => text(page, 'autopay-status'), { timeout: 15_000 }).toBe('Active');
    expect(await text(page, 'autopay-next')).toContain('₹1,999.00');
    const paid = await api.call('GET', `/payments?member=${member.id}&status=completed&limit=100`, undefined, gym.token);
    expect(paid.status).toBe(200);
    expect((paid.json.data as { source: string }[]).filter((p) => p.source === 'autopay')).toHaveLength(1);

    // The next cycle's charge fails: a "Pay now" payment of the same amount in staff's Pending payments, and the member
    // is told in their bell; the membership does not move.
    await standinControl(razorpay, `/__standin/subscriptions/${autopay.razorpaySubscriptionId}/charge`, { outcome: 'failure' });
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
    expect(await endDateOf(api, gym, member.id)).toBe(endAfter);
    await page.context().close();
    await staff.context().close();

    await screenshots('autopay-member', member, '/dashboard/me/payments', 'autopay-running');
    await screenshots('autopay-staff', gym, '/dashboard/payments/renewals', 'autopay-table');
  });
});
