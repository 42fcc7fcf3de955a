// @vitest-environment jsdom
import {
  audienceRoutes,
  ENQUIRY_CONSENT_TEXT,
  enquiriesRoutes as r,
  MARKETING_CHANNEL_LIST,
  marketingConsentText,
  type Lead,
  type LeadDetail,
  type TodayFollowUp,
} from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { marketingConsentIs, signedInShell } from '../../../testing/app-handlers';
import { on, reply } from '../../../testing/contract-handlers';
import { aUser, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

const OWNER = aUser({ role: 'owner', locations: [PUNE] });
const RAVI = '0195d6a4-0000-7000-8000-00000000c021';
const aLead = (over: Partial<Lead> = {}): Lead => ({
  id: crypto.randomUUID(),
  locationId: PUNE._id,
  name: 'Kiran Shah',
  phone: '98765 43210',
  email: null,
  interest: 'membership',
  source: 'walk_in',
  preferredTime: 'Mornings',
  notes: '',
  stage: 'new',
  lostReason: null,
  ownerId: OWNER._id,
  ownerName: 'Test Owner',
  memberId: null,
  enquiries: 1,
  consentText: null,
  consentAt: null,
  marketingConsentText: null,
  marketingConsentAt: null,
  nextFollowUpAt: null,
  createdAt: '2026-03-10T04:30:00.000Z',
  updatedAt: '2026-03-10T04:30:00.000Z',
  ...over,
});
const detailOf = (l: Lead, over: Partial<LeadDetail> = {}): LeadDetail => ({
  ...l,
  timeline: [{ at: l.createdAt, type: 'captured', actorId: OWNER._id, stage: 'new', reason: null, source: l.source, ownerId: l.ownerId, text: null }],
  followUps: [],
  trialPasses: [],
  ...over,
});
const leadsAre = (leads: Lead[]) =>
  on(r.listLeads, () => reply(r.listLeads, 200, { success: true, data: leads, totalCount: leads.length, pagination: { page: 1, limit: 100, totalPages: 1 } }));
const noLinks = on(r.formLinks, () => reply(r.formLinks, 200, { success: true, data: [] }));
const staffAre = (...names: [string, string][]) => on(r.staff, () => reply(r.staff, 200, { success: true, data: names.map(([id, name]) => ({ id, name })) }));

describe('enquiries board', { timeout: 40_000 }, () => {
  it('shows the pipeline by stage and saves a walk-in from the desk', async () => {
    const sent: unknown[] = [];
    server.use(
      ...signedInShell(OWNER),
      noLinks,
      staffAre([RAVI, 'Ravi Kumar'], [OWNER._id, 'Test Owner']),
      leadsAre([
        aLead(),
        aLead({ name: 'Meera Iyer', stage: 'trial_booked', source: 'instagram', ownerId: null, ownerName: null }),
        aLead({ name: 'Dev Rao', stage: 'contacted', ownerId: crypto.randomUUID(), ownerName: 'Ravi Kumar' }),
        aLead({ name: 'Anil Jain', stage: 'contacted', ownerId: crypto.randomUUID(), ownerName: null }),
      ]),
      on(r.createLead, async ({ request }) => {
        sent.push(await request.json());
        return reply(r.createLead, 201, { success: true, data: { lead: detailOf(aLead({ name: 'Dev Rao' })), duplicate: false } });
      }),
    );
    const { user } = renderApp('/dashboard/enquiries');
    expect(await screen.findByRole('heading', { name: 'Enquiries', level: 1 })).toBeTruthy();
    const board = await screen.findByTestId('lead-board');
    expect(within(within(board).getByTestId('column-new')).getByText('Kiran Shah')).toBeTruthy();
    const trial = within(board).getByTestId('column-trial_booked');
    expect(within(trial).getByText('Meera Iyer')).toBeTruthy();
    expect(within(trial).getByText('Membership · Instagram · Unassigned')).toBeTruthy();
    // Owners by name: the caller is "You", a colleague by name, one the service does not know yet "A colleague".
    const contacted = within(board).getByTestId('column-contacted');
    expect(within(contacted).getByText('Membership · Walk-in · Ravi Kumar')).toBeTruthy();
    expect(within(contacted).getByText('Membership · Walk-in · A colleague')).toBeTruthy();
    expect(within(within(board).getByTestId('column-new')).getByText('Membership · Walk-in · You')).toBeTruthy();
    // The owner filter: everyone, mine, unassigned, then colleagues by name.
    const ownerFilter = screen.getByRole('combobox', { name: 'Owner' });
    await waitFor(() =>
      expect(
        within(ownerFilter)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All', 'Mine', 'Unassigned', 'Ravi Kumar']),
    );

    await user.click(screen.getByTestId('new-enquiry-button'));
    const dialog = await screen.findByTestId('new-enquiry');
    await user.type(within(dialog).getByTestId('enquiry-name'), 'Dev Rao');
    await user.type(within(dialog).getByTestId('enquiry-phone'), '12345678');
    await user.type(within(dialog).getByTestId('enquiry-referral'), 'no!');
    await user.click(screen.getByTestId('save-enquiry'));
    expect(await within(dialog).findByText(/10-digit Indian mobile number/)).toBeTruthy();
    expect(within(dialog).getByText(/A referral code is 8 letters and digits/)).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(within(dialog).getByTestId('enquiry-phone'));
    await user.type(within(dialog).getByTestId('enquiry-phone'), '9123456780');
    await user.clear(within(dialog).getByTestId('enquiry-referral'));
    await user.type(within(dialog).getByTestId('enquiry-referral'), '7k2m9qxa');
    // Offers and news: unticked unless the person agreed; unticked sends nothing of it.
    expect((within(dialog).getByRole('checkbox', { name: 'The person agreed to offers and news' }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByTestId('save-enquiry'));
    await waitFor(() =>
      expect(sent).toEqual([
        { locationId: PUNE._id, name: 'Dev Rao', phone: '9123456780', interest: 'membership', source: 'walk_in', referralCode: '7k2m9qxa' },
      ]),
    );
    expect(await screen.findByText('Enquiry saved.')).toBeTruthy();

    await user.click(screen.getByTestId('new-enquiry-button'));
    const again = await screen.findByTestId('new-enquiry');
    await user.type(within(again).getByTestId('enquiry-name'), 'Asha Rao');
    await user.type(within(again).getByTestId('enquiry-phone'), '9123456781');
    await user.click(within(again).getByRole('checkbox', { name: 'The person agreed to offers and news' }));
    await user.click(screen.getByTestId('save-enquiry'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ locationId: PUNE._id, name: 'Asha Rao', phone: '9123456781', interest: 'membership', source: 'walk_in', marketingConsent: true });
  });
});

describe('lead detail', { timeout: 15_000 }, () => {
  it('shows the timeline and follow-ups, moves the stage and marks a follow-up done with its outcome', async () => {
    const lead = aLead({ stage: 'contacted', ownerId: null });
    const followUpId = crypto.randomUUID();
    const detail = detailOf(lead, {
      followUps: [{ id: followUpId, kind: 'call', dueAt: '2026-03-11T05:00:00.000Z', note: 'Fees', assigneeId: OWNER._id, doneAt: null, outcome: null }],
    });
    const calls: unknown[] = [];
    server.use(
      ...signedInShell(OWNER),
      on(r.getLead, () => reply(r.getLead, 200, { success: true, data: detail })),
      on(r.moveStage, async ({ request }) => {
        calls.push(['stage', await request.json()]);
        return reply(r.moveStage, 200, { success: true, data: { ...detail, stage: 'trial_booked' } });
      }),
      on(r.assignLead, async ({ request }) => {
        calls.push(['owner', await request.json()]);
        return reply(r.assignLead, 200, { success: true, data: { ...detail, ownerId: OWNER._id } });
      }),
      on(r.completeFollowUp, async ({ request }) => {
        calls.push(['done', await request.json()]);
        return reply(r.completeFollowUp, 200, { success: true, data: detail });
      }),
      staffAre([RAVI, 'Ravi Kumar'], [OWNER._id, 'Test Owner']),
    );
    const { user } = renderApp(`/dashboard/enquiries/${lead.id}`);
    expect(await screen.findByRole('heading', { name: 'Kiran Shah', level: 1 })).toBeTruthy();
    expect(within(screen.getByTestId('timeline')).getByText(/Enquiry captured \(Walk-in\)/)).toBeTruthy();
    await user.selectOptions(screen.getByTestId('move-stage'), 'trial_booked');
    await user.type(screen.getByRole('textbox', { name: 'Outcome of the Call' }), 'Coming Monday');
    await user.click(screen.getByRole('button', { name: 'Mark done' }));
    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    // Give to: the organization's staff by name (the caller as "You").
    const giveTo = await screen.findByRole('combobox', { name: 'Give to' });
    await waitFor(() =>
      expect(
        within(giveTo)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['—', 'Ravi Kumar', 'You']),
    );
    await user.selectOptions(giveTo, 'Ravi Kumar');
    await waitFor(() =>
      expect(calls).toEqual([
        ['stage', { stage: 'trial_booked' }],
        ['done', { outcome: 'Coming Monday' }],
        ['owner', { ownerId: OWNER._id }],
        ['owner', { ownerId: RAVI }],
      ]),
    );
  });
});

describe('lead detail: trial pass and conversion', { timeout: 15_000 }, () => {
  it('issues a pass for the days chosen and shows its code and QR code; the timeline says so; Convert opens the member form from the lead', async () => {
    const lead = aLead({ stage: 'contacted', email: 'kiran@example.in', source: 'instagram' });
    const pass = {
      id: crypto.randomUUID(),
      code: 'TP-ABCDE-FGHJK',
      locationId: PUNE._id,
      days: 5,
      validFrom: new Date().toISOString(),
      validUntil: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      lastDay: '2099-03-15',
      issuedAt: new Date().toISOString(),
      visits: 0,
    };
    const entry = (type: 'trial_pass_issued' | 'trial_visit' | 'stage_changed', text: string | null = null) => ({
      at: lead.createdAt,
      type,
      actorId: OWNER._id,
      stage: type === 'stage_changed' ? ('trial_done' as const) : null,
      reason: null,
      source: null,
      ownerId: null,
      text,
    });
    const issued = detailOf(lead, {
      stage: 'trial_booked',
      trialPasses: [pass],
      timeline: [entry('trial_visit'), entry('trial_pass_issued', pass.code), ...detailOf(lead).timeline],
    });
    const sent: unknown[] = [];
    server.use(
      ...signedInShell(OWNER),
      staffAre(),
      on(r.getLead, () => reply(r.getLead, 200, { success: true, data: sent.length ? issued : detailOf(lead) })),
      on(r.issueTrialPass, async ({ request }) => {
        sent.push(await request.json());
        return reply(r.issueTrialPass, 200, { success: true, data: issued });
      }),
    );
    const { user } = renderApp(`/dashboard/enquiries/${lead.id}`);
    expect(await screen.findByRole('heading', { name: 'Kiran Shah', level: 1 })).toBeTruthy();
    expect(screen.getByText('No trial pass yet.')).toBeTruthy();
    const convert = screen.getByTestId('convert-to-member');
    const target = new URL(convert.getAttribute('href') ?? '', 'http://x');
    expect(target.pathname).toBe('/dashboard/members');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      add: '1',
      enquiryId: lead.id,
      name: 'Kiran Shah',
      phone: '98765 43210',
      email: 'kiran@example.in',
      source: 'instagram',
      locationId: PUNE._id,
    });

    await user.click(screen.getByTestId('issue-trial-pass'));
    const dialog = await screen.findByTestId('trial-pass-dialog');
    await user.selectOptions(within(dialog).getByLabelText('Days'), '5');
    await user.click(within(dialog).getByTestId('trial-pass-submit'));
    await waitFor(() => expect(sent).toEqual([{ days: 5 }]));
    expect(await within(dialog).findByTestId('trial-pass-code')).toHaveProperty('textContent', 'TP-ABCDE-FGHJK');
    const qr = await within(dialog).findByTestId('trial-pass-qr');
    expect(qr.getAttribute('data-qr')).toBe('TP-ABCDE-FGHJK');
    expect(qr.getAttribute('alt')).toBe('QR code of trial pass TP-ABCDE-FGHJK');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    const timeline = await screen.findByTestId('timeline');
    expect(await within(timeline).findByText(/Trial pass TP-ABCDE-FGHJK issued/)).toBeTruthy();
    expect(within(timeline).getByText(/Checked in on trial/)).toBeTruthy();
    expect(screen.queryByTestId('issue-trial-pass')).toBeNull();
  });

  it('a joined lead links to its member instead of offering Convert', async () => {
    const memberId = crypto.randomUUID();
    const lead = aLead({ stage: 'joined', memberId });
    server.use(
      ...signedInShell(OWNER),
      staffAre(),
      on(r.getLead, () => reply(r.getLead, 200, { success: true, data: detailOf(lead) })),
    );
    renderApp(`/dashboard/enquiries/${lead.id}`);
    const link = await screen.findByRole('link', { name: "Open the member's profile" });
    expect(link.getAttribute('href')).toBe(`/dashboard/members/${memberId}`);
    expect(screen.queryByTestId('convert-to-member')).toBeNull();
    expect(screen.queryByTestId('issue-trial-pass')).toBeNull();
  });
});

describe('lead detail: marketing consent', { timeout: 15_000 }, () => {
  it('an owner records the lead’s choice per channel (the same card as a member’s), in Hindi too; the offers-and-news consent given with the enquiry is shown', async () => {
    const lead = aLead({ marketingConsentText: 'Send me offers and news from Akhada Pune', marketingConsentAt: '2030-03-01T05:00:00.000Z' });
    const puts: unknown[] = [];
    server.use(
      ...signedInShell(OWNER),
      staffAre(),
      on(r.getLead, () => reply(r.getLead, 200, { success: true, data: detailOf(lead) })),
      marketingConsentIs({ whatsapp: { granted: true, method: 'enquiry_form', changedAt: '2030-03-01T05:00:00.000Z' } }, 'lead'),
      on(audienceRoutes.updatePersonMarketingConsent, async ({ request, params }) => {
        puts.push({ personId: params.personId, body: await request.json() });
        return reply(audienceRoutes.updatePersonMarketingConsent, 200, {
          success: true,
          data: {
            personId: lead.id,
            kind: 'lead',
            name: lead.name,
            channels: MARKETING_CHANNEL_LIST.map((channel) => ({
              channel,
              granted: false,
              method: channel === 'whatsapp' ? ('front_desk' as const) : null,
              changedAt: channel === 'whatsapp' ? '2030-03-04T05:00:00.000Z' : null,
            })),
            history: [],
          },
        });
      }),
    );
    await setLanguage('hi');
    onTestFinished(() => setLanguage('en'));
    const { user } = renderApp(`/dashboard/enquiries/${lead.id}`);
    const card = await screen.findByTestId('desk-marketing-consent');
    expect(within(card).getByRole('heading', { name: 'मार्केटिंग सहमति' })).toBeTruthy();
    expect(screen.getByTestId('lead-marketing-consent-given').textContent).toContain('Send me offers and news from Akhada Pune');
    const whatsapp = (await within(card).findByRole('switch', { name: 'व्हाट्सऐप' })) as HTMLInputElement;
    expect(whatsapp.checked).toBe(true);
    expect(within(card).getByTestId('desk-consent-whatsapp').textContent).toContain('सार्वजनिक पूछताछ फ़ॉर्म पर');
    await user.click(whatsapp);
    await waitFor(() => expect(puts).toEqual([{ personId: lead.id, body: { whatsapp: false } }]));
    await waitFor(() => expect(whatsapp.checked).toBe(false));
    expect(within(card).getByTestId('desk-consent-whatsapp').textContent).toContain('फ़्रंट डेस्क पर दर्ज');
  });

  it('a trainer sees no marketing consent card (the contract lets owners and admins only)', async () => {
    const trainer = aUser({ role: 'trainer', locations: [PUNE] });
    const lead = aLead({ ownerId: trainer._id, ownerName: 'Asha Verma' });
    server.use(
      ...signedInShell(trainer),
      on(r.getLead, () => reply(r.getLead, 200, { success: true, data: detailOf(lead) })),
    );
    renderApp(`/dashboard/enquiries/${lead.id}`);
    expect(await screen.findByRole('heading', { name: lead.name, level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('desk-marketing-consent')).toBeNull();
  });
});

describe("today's follow-ups", { timeout: 15_000 }, () => {
  it('lists overdue ones first, marked overdue', async () => {
    const item = (over: Partial<TodayFollowUp>): TodayFollowUp => ({
      id: crypto.randomUUID(),
      kind: 'call',
      dueAt: '2026-03-11T05:00:00.000Z',
      note: '',
      assigneeId: OWNER._id,
      doneAt: null,
      outcome: null,
      leadId: crypto.randomUUID(),
      leadName: 'Kiran Shah',
      leadPhone: '98765 43210',
      stage: 'new',
      locationId: PUNE._id,
      overdue: false,
      ...over,
    });
    server.use(
      ...signedInShell(aUser({ role: 'trainer', locations: [PUNE] })),
      on(r.todayFollowUps, () =>
        reply(r.todayFollowUps, 200, {
          success: true,
          data: [item({ leadName: 'Late Lata', overdue: true, kind: 'whatsapp' }), item({ leadName: 'Soon Sunil' })],
        }),
      ),
    );
    renderApp('/dashboard/enquiries/today');
    const items = await screen.findAllByTestId('today-follow-up');
    expect(items.map((i) => i.querySelector('.enq-card__name')?.textContent)).toEqual(['Late Lata', 'Soon Sunil']);
    expect(within(items[0]!).getByText('Overdue')).toBeTruthy();
    expect(items[0]!.className).toContain('enq-today--overdue');
    expect(within(items[1]!).queryByText('Overdue')).toBeNull();
  });
});

describe('public enquiry form', { timeout: 15_000 }, () => {
  it('shows the consent text, asks for consent, and thanks the visitor once sent (with the referral link’s ?ref=)', async () => {
    const sent: unknown[] = [];
    server.use(
      on(r.publicForm, () =>
        reply(r.publicForm, 200, {
          success: true,
          data: {
            locationName: 'Akhada Pune',
            city: 'Pune',
            consentText: { ...ENQUIRY_CONSENT_TEXT },
            marketingConsentText: { en: marketingConsentText('en', 'Akhada Pune'), hi: marketingConsentText('hi', 'Akhada Pune') },
          },
        }),
      ),
      on(r.publicEnquiry, async ({ request }) => {
        sent.push(await request.json());
        return reply(r.publicEnquiry, 201, { success: true, message: 'Thank you!' });
      }),
    );
    const { user } = renderApp('/enquire/abcd23efgh?ref=7K2M9QXA', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Enquire at Akhada Pune', level: 1 })).toBeTruthy();
    expect(screen.getByText(ENQUIRY_CONSENT_TEXT.en)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Meera Iyer');
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9123456780');
    await user.click(screen.getByTestId('send-enquiry'));
    expect(await screen.findByText('Please agree to be contacted')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.click(screen.getByTestId('enquiry-consent'));
    await user.click(screen.getByTestId('send-enquiry'));
    expect(await screen.findByTestId('enquiry-sent')).toBeTruthy();
    expect(sent).toEqual([{ name: 'Meera Iyer', phone: '9123456780', interest: 'membership', consent: true, language: 'en', ref: '7K2M9QXA' }]);
  });

  it('offers and news are a separate box, unticked by default, with the gym’s name; ticked, it is sent (in Hindi too)', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      on(r.publicForm, () =>
        reply(r.publicForm, 200, {
          success: true,
          data: {
            locationName: 'Akhada Pune',
            city: 'Pune',
            consentText: { ...ENQUIRY_CONSENT_TEXT },
            marketingConsentText: { en: marketingConsentText('en', 'Akhada Pune'), hi: marketingConsentText('hi', 'Akhada Pune') },
          },
        }),
      ),
      on(r.publicEnquiry, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return reply(r.publicEnquiry, 201, { success: true, message: 'Thank you!' });
      }),
    );
    await setLanguage('hi');
    onTestFinished(() => setLanguage('en'));
    const { user } = renderApp('/enquire/abcd23efgh', { signedIn: false });
    const offers = (await screen.findByTestId('enquiry-marketing-consent')) as HTMLInputElement;
    expect(offers.checked).toBe(false);
    expect(screen.getByRole('checkbox', { name: new RegExp(marketingConsentText('hi', 'Akhada Pune').slice(0, 20)) })).toBe(offers);
    expect(marketingConsentText('hi', 'Akhada Pune')).toContain('Akhada Pune');
    await user.type(screen.getByRole('textbox', { name: /नाम/ }), 'Meera Iyer');
    await user.type(screen.getByRole('textbox', { name: /मोबाइल/ }), '9123456780');
    await user.click(screen.getByTestId('enquiry-consent'));
    await user.click(offers);
    await user.click(screen.getByTestId('send-enquiry'));
    expect(await screen.findByTestId('enquiry-sent')).toBeTruthy();
    expect(sent).toEqual([{ name: 'Meera Iyer', phone: '9123456780', interest: 'membership', consent: true, marketingConsent: true, language: 'hi' }]);
  });
});
