// Chat end to end, in two browsers: a member and their trainer exchange messages, reply, react and edit, and each sees the
// other's changes (and who has seen a group message) without reloading (chat service → outbox → Kafka → the hub's chat fan-out → the bell's socket); a
// group made by staff reaches its members the same way. Screenshots of the screen (375 and 1280 px, light and dark,
// English and Hindi) go to CHAT_SCREENSHOTS (default /tmp/chat-screens).
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed, vi } from 'vitest';
import { api } from '@akhada/test-support/api';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { signIn } from '@akhada/test-support/ui';
import { approvePendingTrainer } from '@akhada/test-support/trainers';

let browser: Browser;
const contexts: BrowserContext[] = [];
const base = inject('gatewayUrl');
const a = api(base);
const shots = process.env.CHAT_SCREENSHOTS ?? '/tmp/chat-screens';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

/** A fresh gym with an approved trainer and a member assigned to them, all able to sign in. */
async function setUpGym() {
  const gym = await a.newGym('chat', { plan: 'pro' });
  const joinCode = gym.user.organization.joinCode!;
  const password = 'chat pass 2026';
  const tag = randomUUID().slice(0, 6);
  const trainer = { firstName: 'Kiran', lastName: `Coach${tag}`, email: `kiran-${tag}@example.in`, phone: '+91 98220 44444' };
  const member = { firstName: 'Ritu', lastName: `Member${tag}`, email: `ritu-${tag}@example.in`, phone: '+91 98220 55555' };
  expect((await a.call('POST', '/auth/register', { ...trainer, password, role: 'trainer', gymCode: joinCode })).status).toBe(201);
  const trainerId = await approvePendingTrainer(base, gym.token, trainer);
  expect((await a.call('POST', '/auth/register', { ...member, password, role: 'member', gymCode: joinCode })).status).toBe(201);
  const memberLogin = await a.login(member.email, password);
  const memberId = memberLogin.user._id;
  await vi.waitFor(async () => expect((await a.call('POST', `/members/${memberId}/assign-trainer`, { trainerId }, gym.token)).status).toBe(200), {
    timeout: 30_000,
    interval: 200,
  });
  // The chat service learns of both from the members and trainers events.
  await expect
    .poll(
      async () => {
        const r = await a.call('GET', '/chat/users', undefined, memberLogin.token);
        return r.status === 200 && (r.json.data as { _id: string }[]).some((u) => u._id === trainerId);
      },
      { timeout: 30_000, interval: 200, message: 'the chat service knows the member’s trainer' },
    )
    .toBe(true);
  return { gym, password, trainer: { ...trainer, id: trainerId }, member: { ...member, id: memberId, token: memberLogin.token } };
}

const openChat = async (email: string, password: string, width = 1280): Promise<Page> => {
  const ctx = await newContext(browser, base, width);
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    void Promise.all(m.args().map((x) => x.jsonValue().catch(() => '?'))).then((args) => console.log(`[browser ${email}]`, JSON.stringify(args)));
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/chat') && r.status() >= 400) console.log(`[browser ${email}] ${r.request().method()} ${r.url()} → ${r.status()}`);
  });
  await signIn(page, email, password, /\/dashboard/);
  await page.goto('/dashboard/chat');
  await page.getByTestId('chat-new').waitFor({ timeout: 15_000 });
  return page;
};

/** vitest's expect.poll waits 1 s by default: the browser, the services and the hub get 15 s on a loaded machine. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

const messageTexts = (page: Page) => page.getByTestId('chat-message').allInnerTexts();

describe('chat', () => {
  it('a member and their trainer exchange messages, reply and react live; a staff group reaches its members', async () => {
    const { gym, password, trainer, member } = await setUpGym();
    const mp = await openChat(member.email, password);
    const tp = await openChat(trainer.email, password);
    onTestFailed(async () => {
      mkdirSync(shots, { recursive: true });
      await mp.screenshot({ path: join(shots, 'failed-member.png') });
      await tp.screenshot({ path: join(shots, 'failed-trainer.png') });
    });
    await poll(() => mp.getByTestId('chat-welcome').isVisible()).toBe(true);
    await poll(() => tp.getByText('No conversations found').isVisible()).toBe(true);

    // The member starts the chat with their trainer (the only trainer they may reach).
    await mp.getByTestId('chat-new').click();
    const person = mp.getByTestId('chat-person').filter({ hasText: trainer.lastName });
    await person.click();
    await poll(() => mp.getByTestId('chat-no-messages').innerText()).toBe('No messages yet. Start the conversation!');
    const input = mp.getByTestId('chat-input');
    expect(await mp.getByTestId('chat-send').isDisabled()).toBe(true);
    await input.fill('   ');
    expect(await mp.getByTestId('chat-send').isDisabled()).toBe(true);
    await input.fill('Hello coach');
    await input.press('Shift+Enter');
    await input.pressSequentially('Can we do legs today?');
    await input.press('Enter');
    await poll(() => messageTexts(mp)).toEqual([expect.stringContaining('Hello coach\nCan we do legs today?')]);
    expect(await input.inputValue()).toBe('');

    // The trainer's list gains the conversation with an unread badge, without a reload.
    const conv = tp.getByTestId('chat-conversation').filter({ hasText: member.lastName });
    await poll(() => conv.count()).toBe(1);
    await poll(() => conv.getByTestId('chat-unread').innerText()).toContain('1');
    await conv.click();
    await poll(() => messageTexts(tp)).toEqual([expect.stringContaining('Can we do legs today?')]);

    // The trainer replies to it; the member sees the reply with its quote, live.
    await tp.getByTestId('chat-action-reply').first().click();
    await poll(() => tp.getByTestId('chat-replying').isVisible()).toBe(true);
    await tp.getByTestId('chat-input').fill('Yes: 4 sets of squats at 6 pm');
    await tp.getByTestId('chat-input').press('Enter');
    await poll(() => tp.getByTestId('chat-replying').count()).toBe(0);
    await poll(() => messageTexts(mp)).toEqual([expect.any(String), expect.stringContaining('4 sets of squats')]);
    await poll(() => mp.getByTestId('chat-reply-quote').innerText()).toContain('Hello coach');

    // The member reacts; the trainer sees the reaction, live.
    const reply = mp.getByTestId('chat-message').nth(1);
    await reply.getByTestId('chat-action-react').click();
    await reply.getByRole('button', { name: 'React with 👍' }).click();
    await poll(() => reply.getByTestId('chat-reaction').innerText()).toContain('1');
    await poll(() => tp.getByTestId('chat-message').nth(1).getByTestId('chat-reaction').count()).toBe(1);
    expect(await tp.getByTestId('chat-message').nth(1).getByTestId('chat-reaction').innerText()).toContain('👍');

    // The member edits their first message from its actions, by keyboard: the trainer sees the new words marked
    // "edited", live. The trainer has no Edit on the member's message.
    const first = mp.getByTestId('chat-message').first();
    await first.getByTestId('chat-action-edit').focus();
    await mp.keyboard.press('Enter');
    const editor = first.getByTestId('chat-edit-input');
    await poll(() => first.locator('[data-testid="chat-edit-input"]:focus').count()).toBe(1);
    await editor.fill('Hello coach, legs today at 6?');
    mkdirSync(shots, { recursive: true });
    await mp.screenshot({ path: join(shots, 'chat-editing-1280.png') });
    await editor.press('Enter');
    await poll(() => first.getByTestId('chat-edited').count()).toBe(1);
    const theirs = tp.getByTestId('chat-message').first();
    await poll(() => theirs.innerText()).toContain('Hello coach, legs today at 6?');
    expect(await theirs.getByTestId('chat-edited').innerText()).toContain('edited');
    expect(await theirs.getByTestId('chat-action-edit').count()).toBe(0);

    // Staff make a group with both: it appears in the member's list live, and its message reaches them.
    const created = await a.call(
      'POST',
      '/chat/conversations',
      { type: 'group', name: 'Morning batch', participants: [{ user: member.id }, { user: trainer.id }] },
      gym.token,
    );
    expect(created.status).toBe(201);
    const groupId = (created.json as { data: { _id: string } }).data._id;
    const group = mp.getByTestId('chat-conversation').filter({ hasText: 'Morning batch' });
    await poll(() => group.count()).toBe(1);
    expect((await a.call('POST', `/chat/conversations/${groupId}/messages`, { content: 'Gym closed on Sunday for Diwali' }, gym.token)).status).toBe(201);
    await poll(() => group.innerText()).toContain('Gym closed on Sunday');
    await group.click();
    await poll(() => messageTexts(mp)).toEqual([expect.stringContaining('Gym closed on Sunday for Diwali')]);
    await poll(() => tp.getByTestId('chat-conversation').filter({ hasText: 'Morning batch' }).count()).toBe(1);

    // Seen in a group: the member writes; nobody has seen it until the trainer opens the group, then "Seen by 1", and
    // the list on demand names the trainer, live in the member's browser.
    await mp.getByTestId('chat-input').fill('I will bring sweets');
    await mp.getByTestId('chat-input').press('Enter');
    await poll(() => mp.getByTestId('chat-seen-by').innerText()).toBe('Not seen yet');
    await tp.getByTestId('chat-conversation').filter({ hasText: 'Morning batch' }).click();
    await poll(() => messageTexts(tp)).toEqual([expect.any(String), expect.stringContaining('I will bring sweets')]);
    await poll(() => mp.getByTestId('chat-seen-by').innerText()).toBe('Seen by 1');
    await mp.getByTestId('chat-seen-by').click();
    await poll(() => mp.getByTestId('chat-seen-by-list').innerText()).toContain(trainer.lastName);
    await mp.screenshot({ path: join(shots, 'chat-seen-by-1280.png') });

    // The member mutes the group (no notifications of it): the button says so and the list marks it.
    await mp.getByTestId('chat-mute').click();
    await poll(() => mp.getByTestId('chat-mute').innerText()).toContain('Unmute');
    await poll(() => mp.getByTestId('chat-conversation').filter({ hasText: 'Morning batch' }).getByTestId('chat-muted').count()).toBe(1);
    await mp.getByTestId('chat-mute').click();
    await poll(() => mp.getByTestId('chat-mute').getAttribute('data-muted')).toBe('false');

    // A file: a text file goes through the gateway's multipart path and shows as a download for the other side.
    await mp.getByTestId('chat-file-input').setInputFiles({ name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from('Week 1: squats\n') });
    await poll(() => mp.getByTestId('chat-file-chosen').isVisible()).toBe(true);
    expect(await mp.getByTestId('chat-send').isDisabled()).toBe(false);
    await mp.getByTestId('chat-send').click();
    await poll(() => mp.getByTestId('chat-file-chosen').count()).toBe(0);
    await poll(() => mp.locator('.chat-file--doc').count()).toBe(1);
    // Its signed link works without a token (as an <a>/<img> has none), through the gateway, and only unaltered.
    const href = (await mp.locator('.chat-file--doc').getAttribute('href'))!;
    const file = await fetch(new URL(href, base));
    expect([file.status, await file.text(), file.headers.get('x-content-type-options')]).toEqual([200, 'Week 1: squats\n', 'nosniff']);
    expect(
      (
        await fetch(
          new URL(
            href.replace(/sig=./, (m) => (m === 'sig=A' ? 'sig=B' : 'sig=A')),
            base,
          ),
        )
      ).status,
    ).toBe(403);

    // Through the gateway, an upload may be larger than the 1 MB of other requests: a 2 MB PDF is taken; a file just
    // over 10 MB reaches the service, which says why it is refused.
    const upload = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
      const res = await fetch(`${base}/api/chat/conversations/${groupId}/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}` },
        body: form,
      });
      return { status: res.status, json: (await res.json()) as { code?: string; message?: string } };
    };
    const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size)]);
    expect((await upload(pdf(2 * 1024 * 1024), 'diet-plan.pdf')).status).toBe(201);
    const big = await upload(pdf(10 * 1024 * 1024 + 100 * 1024), 'scan.pdf');
    expect([big.status, big.json.code, big.json.message]).toEqual([413, 'FILE_TOO_LARGE', 'File is too large: the limit is 10 MB']);

    // Screenshots: the member's conversation with their trainer, at phone and desktop widths, light and dark, en and hi.
    mkdirSync(shots, { recursive: true });
    await mp.getByTestId('chat-conversation').filter({ hasText: trainer.lastName }).click();
    await poll(() => mp.getByTestId('chat-message').count()).toBe(2);
    for (const lang of ['en', 'hi'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await mp.evaluate(
          ([l, t]) => {
            localStorage.setItem('lang', l);
            localStorage.setItem('theme', t);
          },
          [lang, theme] as const,
        );
        for (const width of [1280, 375]) {
          await mp.setViewportSize({ width, height: 800 });
          await mp.reload();
          await mp.getByTestId('chat-message').first().waitFor({ timeout: 15_000 });
          await mp.screenshot({ path: join(shots, `chat-${width}-${theme}-${lang}.png`) });
          if (width === 375) {
            await mp.getByRole('button', { name: lang === 'en' ? 'Back to conversations' : 'बातचीत की सूची पर वापस' }).click();
            await mp.getByTestId('chat-conversation').first().waitFor();
            await mp.screenshot({ path: join(shots, `chat-list-${width}-${theme}-${lang}.png`) });
            await mp.goBack();
          }
        }
      }
    }
  });
});
