// Campaigns end to end (issue 27) in headless Chromium against the real stack: the owner writes an email template in
// the editor (its preview filled with one of the gym's members), builds a campaign to the gym's active members whose
// live count says how many the channel reaches, sends it now, and the report counts the emails out while the mail
// sink receives one per member with the member's own name. And consent: a marketing email goes only to the member who
// agreed to marketing by email, and its unsubscribe link opens the public page that withdraws it.
import { audienceRoutes, campaignRoutes, memberRoutes } from '@akhada/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as apiFor } from '@akhada/test-support/api';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { signedInPage } from '@akhada/test-support/ui';

const base = inject('gatewayUrl');
const mailUrl = inject('mailUrl');
const api = apiFor(base);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('campaigns', () => {
  it('an email template written and previewed in the editor goes to the live-counted segment; the report and the mail sink agree', async () => {
    const gym = await api.newGym('campaign');
    const byOwner = (method: string, path: string, body?: unknown) => api.call(method, path, body, gym.token);
    const members = [api.member(1, { firstName: 'Aarav', lastName: 'Campaign' }), api.member(2, { firstName: 'Bhavna', lastName: 'Campaign' })];
    for (const m of members) {
      const r = await byOwner('POST', '/members', m);
      expect(r.status, JSON.stringify(r.json)).toBe(201);
    }
    // The notifications service's copies of the members arrive through Kafka: wait until the segment has both.
    const segment = { audience: 'members', statuses: ['active'] };
    await expect
      .poll(
        async () => {
          const r = await byOwner('POST', '/notifications/campaigns/segments/count', { segment, channel: 'email', purpose: 'utility' });
          return r.status === 200 ? campaignRoutes.countSegment.responses[200].parse(r.json).data.reachable : -1;
        },
        { timeout: 30_000, interval: 250, message: 'the two members reachable by email' },
      )
      .toBe(2);

    const page = await signedInPage(browser, base, gym, { path: '/dashboard/campaigns', expectPath: /\/dashboard\/campaigns$/ });
    await page.getByText('No campaigns yet').waitFor({ timeout: 15_000 });

    // The template: a service email in English, {{1}} the first name; the preview fills it with the first member by name.
    await page.getByTestId('templates-link').click();
    await page.getByTestId('templates-tab-email').click();
    await page.getByTestId('new-template-link').click();
    await page.getByTestId('template-form').waitFor({ timeout: 15_000 });
    await page.getByTestId('template-name').fill('Holiday hours');
    await page.getByTestId('template-category').selectOption('utility');
    await page.getByTestId('template-subject-en').fill('Holiday hours for {{1}}');
    await page.getByTestId('template-html-en').fill('<p>Hi {{1}}, we open at 8 on Diwali.</p>');
    await page.getByTestId('template-body-en').fill('Hi {{1}}, we open at 8 on Diwali.');
    await expect.poll(() => page.getByTestId('preview-text').textContent(), { timeout: 15_000 }).toBe('Hi Aarav, we open at 8 on Diwali.');
    await page.getByTestId('save-template').click();
    await page.waitForURL(/\/dashboard\/campaigns\/templates\/[0-9a-f-]{36}$/, { timeout: 15_000 });

    // The campaign: email, the active members; the live count says both are reached.
    await page.goto('/dashboard/campaigns/new');
    await page.getByTestId('campaign-name').fill('Diwali hours');
    await page.getByTestId('campaign-channel').getByLabel('Email').check();
    const template = page.getByTestId('campaign-template');
    await expect.poll(() => template.locator('option').allTextContents(), { timeout: 15_000 }).toContain('Holiday hours · Service');
    await template.selectOption({ label: 'Holiday hours · Service' });
    await expect.poll(() => page.getByTestId('count-reachable').textContent(), { timeout: 15_000 }).toBe('2 can be reached on Email');
    expect(await page.getByTestId('count-total').textContent()).toBe('2 people in this segment');
    await expect.poll(() => page.getByTestId('preview-subject').textContent(), { timeout: 15_000 }).toBe('Holiday hours for Aarav');
    await page.getByTestId('create-campaign').click();

    // The report: both sent, none failed; the mail sink has each member's own email.
    await page.waitForURL(/\/dashboard\/campaigns\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('campaign-status').textContent(), { timeout: 30_000, interval: 250 }).toBe('Completed');
    await expect.poll(() => page.getByTestId('count-recipients').textContent(), { timeout: 15_000 }).toBe('2Recipients');
    expect(await page.getByTestId('count-failed').textContent()).toBe('0Failed');
    expect(await page.getByTestId('count-queued').textContent()).toBe('0Queued');
    for (const m of members) {
      await expect
        .poll(
          async () => {
            const res = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(m.email)}`);
            const { messages } = (await res.json()) as { messages: { subject?: string }[] };
            return messages.map((x) => x.subject ?? '');
          },
          { timeout: 15_000, interval: 250, message: `the campaign's email to ${m.firstName}` },
        )
        .toContain(`Holiday hours for ${m.firstName}`);
    }
    await page.context().close();
  });

  it('a marketing email reaches only the member who agreed to it; its unsubscribe link opens the page that withdraws the consent', async () => {
    const gym = await api.newGym('unsub');
    const byOwner = (method: string, path: string, body?: unknown) => api.call(method, path, body, gym.token);
    const members = [api.member(1, { firstName: 'Chetan', lastName: 'Optin' }), api.member(2, { firstName: 'Divya', lastName: 'Never' })];
    const ids: string[] = [];
    for (const m of members) {
      const r = await byOwner('POST', '/members', m);
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      ids.push(memberRoutes.create.responses[201].parse(r.json).data._id);
    }
    // The desk records Chetan's yes to offers by email (once the notifications service knows him).
    await expect
      .poll(async () => (await byOwner('PUT', `/notifications/marketing-consent/${ids[0]}`, { email: true })).status, {
        timeout: 30_000,
        interval: 250,
        message: 'the desk records the consent',
      })
      .toBe(200);
    const segment = { audience: 'members', statuses: ['active'] };
    await expect
      .poll(
        async () => {
          const r = await byOwner('POST', '/notifications/campaigns/segments/count', { segment, channel: 'email', purpose: 'marketing' });
          return r.status === 200 ? campaignRoutes.countSegment.responses[200].parse(r.json).data : null;
        },
        { timeout: 30_000, interval: 250, message: 'both members in the segment, one reachable' },
      )
      .toEqual({ total: 2, reachable: 1, noConsent: 1, noAddress: 0 });
    const tpl = await byOwner('POST', '/notifications/message-templates', {
      channel: 'email',
      name: 'Diwali offer',
      category: 'marketing',
      subject: { en: 'Diwali offer for {{1}}' },
      html: { en: '<p>Hi {{1}}, 20% off this week.</p>' },
      bodies: { en: 'Hi {{1}}, 20% off this week.' },
      variables: ['firstName'],
    });
    expect(tpl.status, JSON.stringify(tpl.json)).toBe(201);
    const templateId = audienceRoutes.createTemplate.responses[201].parse(tpl.json).data.id;
    const created = await byOwner('POST', '/notifications/campaigns', { name: 'Diwali offer', segment, channel: 'email', templateId });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const campaignId = campaignRoutes.create.responses[201].parse(created.json).data._id;

    // Chetan's email carries the unsubscribe link; Divya, who never agreed, gets nothing.
    let link = '';
    await expect
      .poll(
        async () => {
          const res = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(members[0]!.email)}`);
          const { messages } = (await res.json()) as { messages: { subject?: string; text: string; html?: string }[] };
          const offer = messages.find((x) => x.subject === 'Diwali offer for Chetan');
          const found = offer ? /\/unsubscribe\?token=([^\s"'<>&]+)/.exec(`${offer.text}\n${offer.html ?? ''}`) : null;
          link = found ? `/unsubscribe?token=${found[1]}` : '';
          return link !== '';
        },
        { timeout: 30_000, interval: 250, message: 'the offer with its unsubscribe link' },
      )
      .toBe(true);
    const toDivya = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(members[1]!.email)}`);
    expect(((await toDivya.json()) as { messages: { subject?: string }[] }).messages.map((x) => x.subject)).not.toContain('Diwali offer for Divya');

    // The owner's report says so.
    const page = await signedInPage(browser, base, gym, { path: `/dashboard/campaigns/${campaignId}`, expectPath: /\/dashboard\/campaigns\/[0-9a-f-]{36}$/ });
    await expect.poll(() => page.getByTestId('campaign-status').textContent(), { timeout: 30_000, interval: 250 }).toBe('Completed');
    expect(await page.getByTestId('count-recipients').textContent()).toBe('1Recipients');
    expect(await page.getByTestId('count-skippedNoConsent').textContent()).toBe('1Skipped: no consent');
    await page.context().close();

    // The link, in a signed-out phone browser: nothing changes until the button; then the consent is withdrawn.
    const guestCtx = await newContext(browser, base, 375);
    const guest = await guestCtx.newPage();
    await guest.goto(link);
    await guest.getByText(/Stop offers and news by email from/).waitFor({ timeout: 15_000 });
    const consentOf = async () =>
      audienceRoutes.personMarketingConsent.responses[200]
        .parse((await byOwner('GET', `/notifications/marketing-consent/${ids[0]}`)).json)
        .data.channels.find((c) => c.channel === 'email');
    expect((await consentOf())?.granted).toBe(true);
    await guest.getByTestId('unsubscribe-button').click();
    await guest.getByTestId('unsubscribed').waitFor({ timeout: 15_000 });
    expect(await consentOf()).toMatchObject({ granted: false, method: 'email_unsubscribe' });
    await guestCtx.close();
  });
});
