// @vitest-environment jsdom
import { audienceRoutes as a, DEFAULT_NOTIFICATION_PREFERENCES, notificationRoutes, type MarketingConsentView, type MessageTemplate } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meIs, notificationsAre, signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';
import { setLanguage } from '../../../lib/i18n';

const OWNER = aUser({ role: 'owner', locations: [PUNE] });
const aTemplate = (over: Partial<MessageTemplate> = {}): MessageTemplate => ({
  id: crypto.randomUUID(),
  channel: 'whatsapp',
  name: 'diwali_offer',
  category: 'marketing',
  bodies: { en: 'Hi {{1}}, 20% off this Diwali!', hi: 'नमस्ते {{1}}, इस दिवाली 20% छूट!' },
  variables: ['firstName'],
  subject: null,
  html: null,
  dltTemplateId: null,
  senderHeader: null,
  whatsappStatus: { en: 'approved', hi: 'rejected' },
  whatsappRejection: null,
  whatsappName: 'akhada_diwali_offer',
  createdAt: '2026-10-01T04:30:00.000Z',
  updatedAt: '2026-10-02T04:30:00.000Z',
  archivedAt: null,
  ...over,
});

describe('templates', { timeout: 60_000 }, () => {
  it('lists a channel’s templates with WhatsApp’s review per language, and another channel’s on its tab', async () => {
    const asked: (string | null)[] = [];
    const sms = aTemplate({
      channel: 'sms',
      name: 'Renewal SMS',
      whatsappStatus: {},
      whatsappName: null,
      dltTemplateId: '1107161234567890123',
      senderHeader: 'AKHADA',
    });
    server.use(
      ...signedInShell(OWNER),
      on(a.listTemplates, ({ request }) => {
        const channel = new URL(request.url).searchParams.get('channel');
        asked.push(channel);
        return reply(a.listTemplates, 200, { success: true, data: [aTemplate(), sms].filter((x) => x.channel === channel) });
      }),
    );
    const { user } = renderApp('/dashboard/campaigns/templates');
    const list = await screen.findByTestId('template-list');
    expect(within(list).getByRole('link', { name: 'diwali_offer' })).toBeTruthy();
    expect(screen.getByTestId('review-diwali_offer-en').textContent).toBe('English: Approved');
    expect(screen.getByTestId('review-diwali_offer-hi').textContent).toBe('Hindi: Rejected');
    await user.click(screen.getByTestId('templates-tab-sms'));
    expect(await within(await screen.findByTestId('template-list')).findByRole('link', { name: 'Renewal SMS' })).toBeTruthy();
    await user.click(screen.getByTestId('templates-tab-email'));
    expect(await screen.findByText('No Email templates yet')).toBeTruthy();
    expect(asked).toEqual(['whatsapp', 'sms', 'email']);
  });

  it('writes a WhatsApp template: the contract’s and the server’s messages at their fields, then the exact body saved; the draft previews', async () => {
    const bodies: unknown[] = [];
    let conflict = true;
    const saved = aTemplate({ whatsappStatus: { en: 'pending', hi: 'pending' } });
    server.use(
      ...signedInShell(OWNER),
      on(a.previewDraft, async ({ request }) => {
        const { template, language } = (await request.json()) as { template: { bodies: { en?: string } }; language: 'en' | 'hi' };
        return reply(a.previewDraft, 200, {
          success: true,
          data: {
            language,
            text: (template.bodies.en ?? '').replace('{{1}}', 'Rohan'),
            subject: null,
            html: null,
            parameters: ['Rohan'],
            missing: [],
            member: { id: crypto.randomUUID(), name: 'Rohan Patil' },
          },
        });
      }),
      on(a.createTemplate, async ({ request }) => {
        bodies.push(await request.json());
        if (conflict) {
          conflict = false;
          return problem(400, 'VALIDATION_FAILED', 'Validation failed', [
            { path: 'bodies.en', message: 'The platform refuses a body that starts with a placeholder' },
          ]);
        }
        return reply(a.createTemplate, 201, { success: true, data: saved });
      }),
      on(a.getTemplate, () => reply(a.getTemplate, 200, { success: true, data: saved })),
    );
    const { user } = renderApp('/dashboard/campaigns/templates/new?channel=whatsapp');
    expect(await screen.findByRole('heading', { name: 'New WhatsApp template', level: 1 })).toBeTruthy();
    await user.type(screen.getByTestId('template-name'), 'Diwali Offer');
    // A body without {{1}} while the template has one variable: the contract says so before anything is sent.
    await user.type(screen.getByTestId('template-body-en'), 'Hello there');
    await user.click(screen.getByTestId('save-template'));
    expect((await screen.findByTestId('name-error')).textContent).toBe('Name may have only lowercase letters, digits and underscores');
    expect(screen.getByTestId('bodies.en-error').textContent).toBe('The text must use {{1}} (variable 1)');
    expect(bodies).toEqual([]);

    await user.clear(screen.getByTestId('template-name'));
    await user.type(screen.getByTestId('template-name'), 'diwali_offer');
    await user.clear(screen.getByTestId('template-body-en'));
    await user.type(screen.getByTestId('template-body-en'), '{{{{1}} is here. Reply STOP to unsubscribe');
    expect((await screen.findByTestId('preview-text')).textContent).toBe('Rohan is here. Reply STOP to unsubscribe');
    await user.click(screen.getByTestId('save-template'));
    expect((await screen.findByTestId('bodies.en-error')).textContent).toBe('The platform refuses a body that starts with a placeholder');

    await user.clear(screen.getByTestId('template-body-en'));
    await user.type(screen.getByTestId('template-body-en'), 'Hi {{{{1}}, 20% off');
    await user.selectOptions(screen.getByTestId('variable-1'), 'fullName');
    // A marketing message without its way out: the contract says so before anything is sent.
    await user.click(screen.getByTestId('save-template'));
    expect((await screen.findByTestId('bodies.en-error')).textContent).toBe('A marketing message must tell how to opt out: add “Reply STOP to unsubscribe”');
    expect(bodies).toHaveLength(1);
    await user.type(screen.getByTestId('template-body-en'), '. Reply STOP to unsubscribe');
    await user.click(screen.getByTestId('save-template'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      channel: 'whatsapp',
      name: 'diwali_offer',
      category: 'marketing',
      bodies: { en: 'Hi {{1}}, 20% off. Reply STOP to unsubscribe' },
      variables: ['fullName'],
    });
    expect(await screen.findByTestId('template-review')).toBeTruthy();
    expect(within(screen.getByTestId('template-review')).getByText('English: Pending')).toBeTruthy();
  });
});

describe('in Hindi', { timeout: 40_000 }, () => {
  it('the editor and the contract’s field messages read in Hindi', async () => {
    server.use(...signedInShell(OWNER));
    await setLanguage('hi');
    try {
      const { user } = renderApp('/dashboard/campaigns/templates/new?channel=sms');
      expect(await screen.findByRole('heading', { name: 'नया एसएमएस टेम्पलेट', level: 1 })).toBeTruthy();
      await user.type(screen.getByTestId('template-name'), 'Renewal');
      await user.type(screen.getByTestId('template-dlt'), '12');
      await user.type(screen.getByTestId('template-sender'), 'AB');
      await user.click(screen.getByTestId('save-template'));
      expect((await screen.findByTestId('dltTemplateId-error')).textContent).toBe('डीएलटी टेम्पलेट आईडी आपके डीएलटी पोर्टल से मिला 10–30 अंकों का नंबर है');
      expect(screen.getByTestId('senderHeader-error').textContent).toBe('प्रेषक हेडर 6 अक्षरों का होता है (प्रचार संदेशों के लिए 6 अंक)');
      expect(screen.getByTestId('bodies-error').textContent).toBe('संदेश: अंग्रेज़ी, हिंदी या दोनों में लिखें');
    } finally {
      await setLanguage('en');
    }
  });
});

const consentView = (over: Partial<MarketingConsentView> = {}): MarketingConsentView => ({
  personId: crypto.randomUUID(),
  kind: 'member',
  name: 'Asha Verma',
  channels: [
    { channel: 'whatsapp', granted: true, method: 'enquiry_form', changedAt: '2026-11-01T04:30:00.000Z' },
    { channel: 'sms', granted: false, method: 'sms_stop', changedAt: '2026-11-10T04:30:00.000Z' },
    { channel: 'email', granted: false, method: null, changedAt: null },
  ],
  history: [
    { channel: 'sms', granted: false, method: 'sms_stop', actorId: null, byStaff: false, changedAt: '2026-11-10T04:30:00.000Z' },
    { channel: 'whatsapp', granted: true, method: 'enquiry_form', actorId: null, byStaff: false, changedAt: '2026-11-01T04:30:00.000Z' },
  ],
  ...over,
});

describe('member settings: marketing choices', { timeout: 40_000 }, () => {
  it('shows each channel with its last change, and withdraws WhatsApp at once', async () => {
    const sent: unknown[] = [];
    server.use(
      meIs(aUser({ role: 'member' })),
      ...notificationsAre([]),
      on(notificationRoutes.preferences, () =>
        reply(notificationRoutes.preferences, 200, { success: true, data: { notifications: DEFAULT_NOTIFICATION_PREFERENCES, language: 'en' } }),
      ),
      on(notificationRoutes.consent, () =>
        reply(notificationRoutes.consent, 200, { success: true, data: { granted: false, phone: null, grantedAt: null, method: null, withdrawnAt: null } }),
      ),
      on(a.myMarketingConsent, () => reply(a.myMarketingConsent, 200, { success: true, data: consentView() })),
      on(a.updateMyMarketingConsent, async ({ request }) => {
        sent.push(await request.json());
        const view = consentView();
        view.channels[0] = { channel: 'whatsapp', granted: false, method: 'member_settings', changedAt: '2026-11-29T10:00:00.000Z' };
        return reply(a.updateMyMarketingConsent, 200, { success: true, data: view });
      }),
    );
    const { user } = renderApp('/dashboard/settings?tab=notifications');
    const section = await screen.findByTestId('marketing-consent');
    const wa = await within(section).findByRole('switch', { name: 'Offers on WhatsApp' });
    expect((wa as HTMLInputElement).checked).toBe(true);
    expect(within(section).getByTestId('consent-whatsapp').textContent).toMatch(/Last changed .* \(on the enquiry form\)/);
    expect(within(section).getByTestId('consent-sms').textContent).toMatch(/you replied STOP by SMS/);
    expect(within(section).getByTestId('consent-email').textContent).toContain('Never chosen');
    await user.click(wa);
    expect(await within(section).findByText('Saved: WhatsApp offers are Off.')).toBeTruthy();
    expect(sent).toEqual([{ whatsapp: false }]);
    expect((within(section).getByRole('switch', { name: 'Offers on WhatsApp' }) as HTMLInputElement).checked).toBe(false);
    expect(within(section).getByTestId('consent-whatsapp').textContent).toContain('by you in settings');
  });

  it('offers Retry when the choices cannot be read', async () => {
    let failing = true;
    server.use(
      meIs(aUser({ role: 'member' })),
      ...notificationsAre([]),
      on(notificationRoutes.preferences, () =>
        reply(notificationRoutes.preferences, 200, { success: true, data: { notifications: DEFAULT_NOTIFICATION_PREFERENCES, language: 'en' } }),
      ),
      on(notificationRoutes.consent, () =>
        reply(notificationRoutes.consent, 200, { success: true, data: { granted: false, phone: null, grantedAt: null, method: null, withdrawnAt: null } }),
      ),
      on(a.myMarketingConsent, () =>
        failing ? problem(503, 'UNAVAILABLE', 'down') : reply(a.myMarketingConsent, 200, { success: true, data: consentView() }),
      ),
    );
    const { user } = renderApp('/dashboard/settings?tab=notifications');
    const section = await screen.findByTestId('marketing-consent');
    const retry = await within(section).findByTestId('retry-button');
    failing = false;
    await user.click(retry);
    expect(await within(section).findByRole('switch', { name: 'Offers on Email' })).toBeTruthy();
  });
});

describe('public unsubscribe page', { timeout: 40_000 }, () => {
  const TOKEN = 'v1.abcdefghijklmnop.signature';
  it('says whose emails and where, and withdraws only on the button', async () => {
    const posts: (string | null)[] = [];
    server.use(
      on(a.unsubscribeInfo, () =>
        reply(a.unsubscribeInfo, 200, { success: true, data: { gymName: 'Akhada Fitness', channel: 'email', address: 'a•••@example.in', subscribed: true } }),
      ),
      on(a.unsubscribe, ({ request }) => {
        posts.push(new URL(request.url).searchParams.get('token'));
        return reply(a.unsubscribe, 200, {
          success: true,
          data: { gymName: 'Akhada Fitness', channel: 'email', address: 'a•••@example.in', subscribed: false },
        });
      }),
    );
    const { user } = renderApp(`/unsubscribe?token=${TOKEN}`, { signedIn: false });
    expect(await screen.findByText('Stop offers and news by email from Akhada Fitness?')).toBeTruthy();
    expect(screen.getByText('Sent to a•••@example.in.')).toBeTruthy();
    expect(posts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByTestId('unsubscribed')).textContent).toContain('You are unsubscribed. Akhada Fitness will send you no more offers by email.');
    expect(posts).toEqual([TOKEN]);
  });

  it('says when the link is not valid, and when the person is already unsubscribed', async () => {
    server.use(on(a.unsubscribeInfo, () => problem(400, 'VALIDATION_FAILED', 'This unsubscribe link is not valid')));
    const view = renderApp(`/unsubscribe?token=${TOKEN}`, { signedIn: false });
    expect(await screen.findByText(/This unsubscribe link is not valid\. Open it again/)).toBeTruthy();
    view.unmount();
    server.use(
      on(a.unsubscribeInfo, () =>
        reply(a.unsubscribeInfo, 200, { success: true, data: { gymName: 'Akhada Fitness', channel: 'email', address: null, subscribed: false } }),
      ),
    );
    renderApp(`/unsubscribe?token=${TOKEN}`, { signedIn: false });
    expect((await screen.findByTestId('already-unsubscribed')).textContent).toContain('You are already unsubscribed from Akhada Fitness’s offers by email.');
  });
});
