// @vitest-environment jsdom
import { campaignRoutes as c, audienceRoutes as a, memberPlanRoutes, type Campaign, type MessageTemplate, type SegmentCount } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

const OWNER = aUser({ role: 'owner', locations: [PUNE] });
const counts = (over: Partial<Campaign['counts']> = {}): Campaign['counts'] => ({
  recipients: 0,
  queued: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  cancelled: 0,
  skippedNoConsent: 0,
  skippedNoAddress: 0,
  ...over,
});
const aCampaign = (over: Partial<Campaign> = {}): Campaign => ({
  _id: crypto.randomUUID(),
  name: 'Diwali offer',
  segment: {
    audience: 'members',
    locationIds: [],
    statuses: ['active'],
    planIds: [],
    birthdayThisWeek: false,
    genders: [],
    ageBands: [],
  },
  channel: 'whatsapp',
  templateId: crypto.randomUUID(),
  templateName: 'diwali_offer',
  purpose: 'marketing',
  status: 'completed',
  scheduledAt: '2026-11-01T04:30:00.000Z',
  sendAt: null,
  ratePerMinute: 600,
  counts: counts({ recipients: 120, delivered: 90, read: 20, failed: 10 }),
  createdBy: { id: OWNER._id, name: 'Asha Verma' },
  createdAt: '2026-11-01T04:30:00.000Z',
  startedAt: '2026-11-01T04:30:00.000Z',
  completedAt: '2026-11-01T05:00:00.000Z',
  cancelledAt: null,
  ...over,
});
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
  whatsappStatus: { en: 'approved', hi: 'pending' },
  whatsappRejection: null,
  whatsappName: 'akhada_diwali_offer',
  createdAt: '2026-10-01T04:30:00.000Z',
  updatedAt: '2026-10-02T04:30:00.000Z',
  archivedAt: null,
  ...over,
});
const listOf = (campaigns: Campaign[]) =>
  on(c.list, () => reply(c.list, 200, { success: true, data: { campaigns }, totalCount: campaigns.length, pagination: { page: 1, limit: 20, totalPages: 1 } }));

describe('campaigns list', { timeout: 40_000 }, () => {
  it('shows each campaign with its status, channel and counts, and says so when there are none', async () => {
    server.use(...signedInShell(OWNER), listOf([aCampaign(), aCampaign({ name: 'Renewal nudge', channel: 'sms', status: 'scheduled', counts: counts() })]));
    const view = renderApp('/dashboard/campaigns');
    expect(await screen.findByRole('heading', { name: 'Campaigns', level: 1 })).toBeTruthy();
    const table = await screen.findByTestId('campaign-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['WhatsApp', 'Completed', expect.any(String), '120', '110', '10'],
      ['SMS', 'Scheduled', expect.any(String), '0', '0', '0'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Diwali offer' }).getAttribute('href')).toMatch(/^\/dashboard\/campaigns\/[0-9a-f-]{36}$/);
    view.unmount();

    server.use(listOf([]));
    renderApp('/dashboard/campaigns');
    expect(await screen.findByText('No campaigns yet')).toBeTruthy();
  });

  it('offers Retry when the list fails, and shows it once it loads', async () => {
    let failing = true;
    server.use(
      ...signedInShell(OWNER),
      on(c.list, () => {
        return failing
          ? problem(500, 'INTERNAL', 'boom')
          : reply(c.list, 200, { success: true, data: { campaigns: [aCampaign()] }, totalCount: 1, pagination: { page: 1, limit: 20, totalPages: 1 } });
      }),
    );
    const { user } = renderApp('/dashboard/campaigns');
    expect(await screen.findByText('Could not load the campaigns')).toBeTruthy();
    failing = false;
    await user.click(screen.getByTestId('retry-button'));
    expect(await screen.findByTestId('campaign-table')).toBeTruthy();
  });
});

describe('new campaign', { timeout: 60_000 }, () => {
  it('counts the segment as the criteria change, previews the channel’s template in en and hi, and schedules it at a local time', async () => {
    const wa = aTemplate();
    const sms = aTemplate({ channel: 'sms', name: 'Renewal SMS', dltTemplateId: '1107161234567890123', senderHeader: 'AKHADA', whatsappStatus: {} });
    const countBodies: unknown[] = [];
    const created: unknown[] = [];
    const answer = (n: number): SegmentCount => ({ total: n, reachable: n - 3, noConsent: 2, noAddress: 1 });
    server.use(
      ...signedInShell(OWNER),
      on(memberPlanRoutes.plans, () => reply(memberPlanRoutes.plans, 200, { success: true, data: [] })),
      on(a.listTemplates, ({ request }) => {
        const channel = new URL(request.url).searchParams.get('channel');
        return reply(a.listTemplates, 200, { success: true, data: [wa, sms].filter((x) => x.channel === channel) });
      }),
      on(c.countSegment, async ({ request }) => {
        const body = (await request.json()) as { segment: { noVisitInDays?: number } };
        countBodies.push(body);
        return reply(c.countSegment, 200, { success: true, data: answer(body.segment.noVisitInDays ? 40 : 250) });
      }),
      on(a.previewTemplate, async ({ request }) => {
        const { language } = (await request.json()) as { language: 'en' | 'hi' };
        return reply(a.previewTemplate, 200, {
          success: true,
          data: {
            language,
            text: language === 'hi' ? 'नमस्ते रोहन, इस दिवाली 20% छूट!' : 'Hi Rohan, 20% off this Diwali!',
            subject: null,
            html: null,
            parameters: ['Rohan'],
            missing: [],
            member: { id: crypto.randomUUID(), name: 'Rohan Patil' },
          },
        });
      }),
      on(c.create, async ({ request }) => {
        created.push(await request.json());
        return reply(c.create, 201, { success: true, data: aCampaign({ status: 'scheduled' }) });
      }),
      on(c.get, () => reply(c.get, 200, { success: true, data: aCampaign({ status: 'scheduled', counts: counts() }) })),
      on(c.recipients, () =>
        reply(c.recipients, 200, { success: true, data: { recipients: [] }, totalCount: 0, pagination: { page: 1, limit: 20, totalPages: 0 } }),
      ),
    );
    const { user } = renderApp('/dashboard/campaigns/new');
    const count = await screen.findByTestId('live-count');
    expect((await within(count).findByTestId('count-total')).textContent).toBe('250 people in this segment');
    expect(within(count).getByTestId('count-reachable').textContent).toBe('247 can be reached on WhatsApp');
    expect(within(count).getByTestId('count-no-consent').textContent).toBe('2 have not agreed to marketing on WhatsApp');
    expect(within(count).getByTestId('count-no-address').textContent).toBe('1 has no phone number');

    // Typing "30" asks once, for the settled value (debounced), not for "3" then "30".
    const before = countBodies.length;
    await user.type(screen.getByTestId('segment-novisit'), '30');
    await waitFor(() => expect(within(count).getByTestId('count-total').textContent).toBe('40 people in this segment'));
    expect(countBodies.slice(before)).toEqual([
      {
        segment: {
          audience: 'members',
          locationIds: [],
          statuses: ['active'],
          planIds: [],
          noVisitInDays: 30,
          birthdayThisWeek: false,
          genders: [],
          ageBands: [],
        },
        channel: 'whatsapp',
        purpose: 'marketing',
      },
    ]);

    // Only the channel's templates are offered; the chosen one previews in English, then Hindi.
    const picker = screen.getByTestId('campaign-template') as HTMLSelectElement;
    await waitFor(() => expect([...picker.options].map((o) => o.textContent)).toEqual(['Choose a template…', 'diwali_offer · Marketing']));
    await user.selectOptions(picker, wa.id);
    expect((await screen.findByTestId('preview-text')).textContent).toBe('Hi Rohan, 20% off this Diwali!');
    expect(screen.getByText(/WhatsApp has not approved this template yet/)).toBeTruthy();
    await user.click(screen.getByTestId('preview-lang-hi'));
    await waitFor(() => expect(screen.getByTestId('preview-text').textContent).toBe('नमस्ते रोहन, इस दिवाली 20% छूट!'));

    await user.click(within(screen.getByTestId('campaign-channel')).getByLabelText('SMS'));
    await waitFor(() => expect([...picker.options].map((o) => o.textContent)).toEqual(['Choose a template…', 'Renewal SMS · Marketing']));
    expect(picker.value).toBe('');
    await user.click(within(screen.getByTestId('campaign-channel')).getByLabelText('WhatsApp'));
    await waitFor(() => expect([...picker.options].map((o) => o.textContent)).toContain('diwali_offer · Marketing'));
    await user.selectOptions(picker, wa.id);

    // Nothing is sent until the form is right.
    await user.click(screen.getByTestId('create-campaign'));
    expect((await screen.findByTestId('name-error')).textContent).toBe('Name is required');
    expect(created).toEqual([]);

    await user.type(screen.getByTestId('campaign-name'), 'Diwali offer');
    await user.click(within(screen.getByTestId('campaign-when')).getByLabelText('At a date and time'));
    expect(screen.getByText('In Akhada Pune’s time zone (Asia/Kolkata).')).toBeTruthy();
    await user.clear(screen.getByTestId('campaign-date'));
    await user.type(screen.getByTestId('campaign-date'), '2026-12-24');
    await user.clear(screen.getByTestId('campaign-time'));
    await user.type(screen.getByTestId('campaign-time'), '18:30');
    await user.clear(screen.getByTestId('campaign-rate'));
    await user.type(screen.getByTestId('campaign-rate'), '120');
    await user.click(screen.getByTestId('create-campaign'));
    await waitFor(() =>
      expect(created).toEqual([
        {
          name: 'Diwali offer',
          segment: {
            audience: 'members',
            locationIds: [],
            statuses: ['active'],
            planIds: [],
            noVisitInDays: 30,
            birthdayThisWeek: false,
            genders: [],
            ageBands: [],
          },
          channel: 'whatsapp',
          templateId: wa.id,
          sendAt: { date: '2026-12-24', time: '18:30' },
          ratePerMinute: 120,
        },
      ]),
    );
    expect(await screen.findByText('Campaign created.')).toBeTruthy();
  });

  it('shows the server’s refusal at its field (a time in the past) and sends nothing else', async () => {
    const wa = aTemplate({ whatsappStatus: { en: 'approved', hi: 'approved' } });
    server.use(
      ...signedInShell(OWNER),
      on(memberPlanRoutes.plans, () => reply(memberPlanRoutes.plans, 200, { success: true, data: [] })),
      on(a.listTemplates, () => reply(a.listTemplates, 200, { success: true, data: [wa] })),
      on(c.countSegment, () => reply(c.countSegment, 200, { success: true, data: { total: 5, reachable: 5, noConsent: 0, noAddress: 0 } })),
      on(a.previewTemplate, () =>
        reply(a.previewTemplate, 200, {
          success: true,
          data: { language: 'en', text: 'Hi Rohan', subject: null, html: null, parameters: ['Rohan'], missing: [], member: null },
        }),
      ),
      on(c.create, () => problem(400, 'VALIDATION_FAILED', 'Validation failed', [{ path: 'sendAt.date', message: 'The time is in the past' }])),
    );
    const { user } = renderApp('/dashboard/campaigns/new');
    await user.type(await screen.findByTestId('campaign-name'), 'Late');
    const picker = screen.getByTestId('campaign-template') as HTMLSelectElement;
    await waitFor(() => expect(picker.options.length).toBe(2));
    await user.selectOptions(picker, wa.id);
    await user.click(within(screen.getByTestId('campaign-when')).getByLabelText('At a date and time'));
    await user.click(screen.getByTestId('create-campaign'));
    expect((await screen.findByTestId('sendAt.date-error')).textContent).toBe('The time is in the past');
  });

  it('a send time that passed while the form was open (the server says so without a field) shows on the time, not in an alert', async () => {
    const wa = aTemplate({ whatsappStatus: { en: 'approved', hi: 'approved' } });
    server.use(
      ...signedInShell(OWNER),
      on(memberPlanRoutes.plans, () => reply(memberPlanRoutes.plans, 200, { success: true, data: [] })),
      on(a.listTemplates, () => reply(a.listTemplates, 200, { success: true, data: [wa] })),
      on(c.countSegment, () => reply(c.countSegment, 200, { success: true, data: { total: 5, reachable: 5, noConsent: 0, noAddress: 0 } })),
      on(a.previewTemplate, () =>
        reply(a.previewTemplate, 200, {
          success: true,
          data: { language: 'en', text: 'Hi Rohan', subject: null, html: null, parameters: ['Rohan'], missing: [], member: null },
        }),
      ),
      on(c.create, () => problem(400, 'VALIDATION_FAILED', 'The send time is in the past')),
    );
    const { user } = renderApp('/dashboard/campaigns/new');
    await user.type(await screen.findByTestId('campaign-name'), 'Late');
    const picker = screen.getByTestId('campaign-template') as HTMLSelectElement;
    await waitFor(() => expect(picker.options.length).toBe(2));
    await user.selectOptions(picker, wa.id);
    await user.click(within(screen.getByTestId('campaign-when')).getByLabelText('At a date and time'));
    await user.click(screen.getByTestId('create-campaign'));
    expect((await screen.findByTestId('sendAt.time-error')).textContent).toBe('The send time is in the past. Choose a later time.');
    expect(screen.queryByRole('alert', { name: /send time/i })).toBeNull();
    expect(screen.queryByText('The send time is in the past')).toBeNull();
  });
});

describe('campaign report', { timeout: 40_000 }, () => {
  it('shows the counts and the people it failed for with the provider’s reason, and cancels a scheduled one', async () => {
    const scheduled = aCampaign({
      status: 'scheduled',
      sendAt: { date: '2026-12-24', time: '18:30', timeZone: 'Asia/Kolkata' },
      counts: counts({ failed: 2, skippedNoConsent: 7 }),
    });
    const asked: string[] = [];
    let cancelled = false;
    server.use(
      ...signedInShell(OWNER),
      on(c.get, () =>
        reply(c.get, 200, { success: true, data: cancelled ? { ...scheduled, status: 'cancelled', cancelledAt: '2026-11-29T10:00:00.000Z' } : scheduled }),
      ),
      on(c.recipients, ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('status')}:${url.searchParams.get('page')}`);
        return reply(c.recipients, 200, {
          success: true,
          data: {
            recipients: [
              {
                personId: crypto.randomUUID(),
                audience: 'members',
                name: 'Kiran Shah',
                address: '+919876543210',
                status: 'failed',
                reason: 'WhatsApp API 400: (#131026) Message undeliverable',
                sentAt: null,
                updatedAt: '2026-11-01T04:31:00.000Z',
              },
            ],
          },
          totalCount: 21,
          pagination: { page: Number(url.searchParams.get('page')), limit: 20, totalPages: 2 },
        });
      }),
      on(c.cancel, () => {
        cancelled = true;
        return reply(c.cancel, 200, { success: true, data: { ...scheduled, status: 'cancelled', cancelledAt: '2026-11-29T10:00:00.000Z' } });
      }),
    );
    const { user } = renderApp(`/dashboard/campaigns/${scheduled._id}`);
    expect(await screen.findByRole('heading', { name: 'Diwali offer', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('campaign-when').textContent).toBe('2026-12-24 at 18:30 (Asia/Kolkata)');
    expect(screen.getByTestId('count-failed').textContent).toBe('2Failed');
    expect(screen.getByTestId('count-skippedNoConsent').textContent).toBe('7Skipped: no consent');
    const table = await screen.findByTestId('recipients-table');
    expect(within(table).getByText('WhatsApp API 400: (#131026) Message undeliverable')).toBeTruthy();
    await user.click(screen.getByTestId('page-next'));
    await waitFor(() => expect(asked).toEqual(['failed:1', 'failed:2']));

    await user.click(screen.getByTestId('cancel-campaign'));
    const dialog = await screen.findByTestId('cancel-dialog');
    expect(within(dialog).getByText('Nothing will be sent.')).toBeTruthy();
    await user.click(within(dialog).getByTestId('confirm-cancel'));
    expect(await screen.findByText('The campaign was cancelled.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('campaign-status').textContent).toBe('Cancelled'));
    expect(screen.queryByTestId('cancel-campaign')).toBeNull();
  });
});
