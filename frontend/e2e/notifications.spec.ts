// Announcements end to end against the real stack: the owner writes one in the composer on the notifications page;
// the member (signed in from their invitation mail) sees it on their bell without a reload, and it is mailed to them
// (category "system" goes by email by default). The member's settings save their preferences to the server.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as apiFor } from '@akhada/test-support/api';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { signIn } from '@akhada/test-support/ui';

let browser: Browser;
const base = inject('gatewayUrl');
const mailUrl = inject('mailUrl');
const api = apiFor(base);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Mail = { subject: string; text: string; html?: string };
const mailsTo = async (to: string): Promise<Mail[]> => {
  const res = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
};

/** The invitation link mailed to a new member. */
async function invitationLink(to: string): Promise<URL> {
  let link = '';
  await expect
    .poll(
      async () => {
        for (const m of await mailsTo(to)) {
          const found = /https?:\/\/[^\s"'<>]+\/accept-invitation\?token=[^\s"'<>]+/.exec(`${m.text}\n${m.html ?? ''}`);
          if (found) link = found[0].replace(/&amp;/g, '&');
        }
        return link !== '';
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  return new URL(link);
}

const badge = async (page: Page) => {
  const el = page.getByTestId('bell-badge');
  return (await el.count()) > 0 && (await el.isVisible()) ? (await el.innerText()).trim() : '';
};

describe('announcements', () => {
  it('reach a member’s bell live and their mailbox; the sender and how many received it are shown', async () => {
    const gym = await api.newGym('announce');
    const email = `meera-${randomUUID().slice(0, 8)}@example.in`;
    const created = await api.call('POST', '/members', api.member(1, { firstName: 'Meera', email }), gym.token);
    expect(created.status, JSON.stringify(created.json)).toBe(201);

    // The member sets a password from the invitation and lands on their page; the bell connects.
    const memberCtx = await newContext(browser, base);
    const mp = await memberCtx.newPage();
    const link = await invitationLink(email);
    await mp.goto(`${link.pathname}${link.search}`);
    await mp.getByTestId('invitation-password').fill('member pass 42');
    await mp.getByTestId('invitation-confirm').fill('member pass 42');
    await mp.getByTestId('invitation-submit').click();
    await mp.waitForURL(/\/dashboard\/me$/, { timeout: 15_000 });
    await mp.locator('[data-testid="bell-button"][data-live="true"]').waitFor({ timeout: 15_000 });
    const before = await badge(mp);

    // Notifications knows the member once it has told the owner about them (same consumer, same transaction).
    await expect
      .poll(async () => JSON.stringify((await api.call('GET', '/notifications?page=1&limit=20', undefined, gym.token)).json).includes('Meera'), {
        timeout: 30_000,
      })
      .toBe(true);

    const ownerCtx = await newContext(browser, base);
    const op = await ownerCtx.newPage();
    await signIn(op, gym.email, gym.password);
    await op.goto('/dashboard/notifications');
    await op.getByTestId('announce-open').click();
    const title = `Diwali timings ${randomUUID().slice(0, 4)}`;
    await op.getByTestId('announce-title').fill(title);
    await op.getByTestId('announce-message').fill('The gym is open 6 am to 10 pm on Diwali.');
    await op.getByTestId('announce-send').click();
    expect(await op.getByTestId('announce-sent').innerText()).toContain('Sent to 1 member');
    const item = op.getByTestId('announcement-item').first();
    await item.waitFor();
    expect(await item.innerText()).toContain(title);
    expect(await item.innerText()).toMatch(/By .+ · 1 received/);

    // Live on the member's bell, no reload.
    await expect.poll(() => badge(mp), { timeout: 10_000, interval: 100 }).toBe(String(Number(before || '0') + 1));
    await mp.getByTestId('bell-button').click();
    expect(await mp.getByTestId('bell-item').first().innerText()).toContain(title);

    // And in their mailbox, from the notifications service.
    await expect
      .poll(async () => (await mailsTo(email)).some((m) => m.subject === title && m.text.includes('6 am to 10 pm')), { timeout: 30_000, interval: 250 })
      .toBe(true);

    // The member's preferences are the server's: turning system email off is kept after a reload.
    await mp.goto('/dashboard/settings?tab=notifications');
    const systemEmail = mp.getByTestId('pref-system-email');
    await systemEmail.waitFor();
    expect(await systemEmail.isChecked()).toBe(true);
    await systemEmail.click();
    await mp.getByTestId('prefs-save').click();
    expect(await mp.getByTestId('prefs-saved').innerText()).toBe('Settings saved!');
    await mp.reload();
    await mp.getByTestId('pref-system-email').waitFor();
    expect(await mp.getByTestId('pref-system-email').isChecked()).toBe(false);

    // Screenshots for a person to look at (only when asked: NOTIFICATIONS_SCREENSHOTS=<dir>).
    const dir = process.env.NOTIFICATIONS_SCREENSHOTS;
    if (dir) {
      const ownerToken = await op.evaluate(() => localStorage.getItem('token'));
      const memberToken = await mp.evaluate(() => localStorage.getItem('token'));
      for (const [who, token] of [
        ['owner', ownerToken],
        ['member', memberToken],
      ] as const)
        for (const width of [375, 1280])
          for (const theme of ['light', 'dark'])
            for (const lang of ['en', 'hi']) {
              const ctx = await newContext(browser, base, width);
              await ctx.addInitScript(
                ([tk, th, lg]) => {
                  localStorage.setItem('token', tk ?? '');
                  localStorage.setItem('theme', th!);
                  localStorage.setItem('lang', lg!);
                },
                [token, theme, lang],
              );
              const p = await ctx.newPage();
              for (const [name, path] of [
                ['page', '/dashboard/notifications'],
                ['settings', '/dashboard/settings?tab=notifications'],
              ] as const) {
                await p.goto(path);
                await p
                  .getByTestId(name === 'page' ? 'notification-row' : 'prefs-save')
                  .first()
                  .waitFor({ timeout: 15_000 });
                await p.screenshot({ path: `${dir}/${who}-${name}-${width}-${theme}-${lang}.png`, fullPage: true });
              }
              if (who === 'owner' && width === 375 && lang === 'hi') {
                await p.goto('/dashboard/notifications');
                await p.getByTestId('announce-open').click();
                await p.getByTestId('announce-dialog').waitFor();
                await p.screenshot({ path: `${dir}/owner-composer-${width}-${theme}-${lang}.png` });
              }
              await ctx.close();
            }
    }

    await memberCtx.close();
    await ownerCtx.close();
  });
});
