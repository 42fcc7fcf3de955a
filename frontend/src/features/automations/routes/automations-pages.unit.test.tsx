// @vitest-environment jsdom
import { audienceRoutes, automationRoutes as r, type AutomationRule, type AutomationRun, type MessageTemplate } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser, BENGALURU, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

const OWNER = aUser({ role: 'owner', locations: [PUNE, BENGALURU] });
const ADMIN = aUser({ role: 'admin', locations: [PUNE] });
const AT = '2026-03-10T04:30:00.000Z';

const aRule = (over: Partial<AutomationRule> = {}): AutomationRule => ({
  _id: crypto.randomUUID(),
  name: 'Renewal reminder, 7 days before',
  builtin: 'renewal_7d',
  status: 'active',
  trigger: { type: 'membership_expiring', days: 7 },
  wait: null,
  conditions: { planIds: [], stillTrue: true },
  locationIds: [],
  actions: [{ type: 'send_message', message: 'renewal_reminder' }],
  createdAt: AT,
  updatedAt: AT,
  stats: { done: 12, skipped: 3, waiting: 1, lastRunAt: null },
  ...over,
});
const aTemplate = (over: Partial<MessageTemplate> = {}): MessageTemplate => ({
  id: crypto.randomUUID(),
  channel: 'whatsapp',
  name: 'comeback_offer',
  category: 'marketing',
  bodies: { en: 'Hi {{1}}, we miss you!' },
  variables: ['firstName'],
  subject: null,
  html: null,
  dltTemplateId: null,
  senderHeader: null,
  whatsappStatus: { en: 'approved' },
  whatsappRejection: null,
  whatsappName: 'comeback_offer',
  createdAt: AT,
  updatedAt: AT,
  archivedAt: null,
  ...over,
});
const aRun = (over: Partial<AutomationRun> = {}): AutomationRun => ({
  _id: crypto.randomUUID(),
  ruleId: crypto.randomUUID(),
  person: { id: crypto.randomUUID(), kind: 'member', name: 'Asha Patil' },
  occurrence: '2026-03-17',
  status: 'done',
  reason: null,
  triggeredAt: AT,
  dueAt: AT,
  doneAt: AT,
  actions: [{ type: 'send_message', result: 'sent', reason: null }],
  ...over,
});
const rulesAre = (rules: AutomationRule[]) => on(r.list, () => reply(r.list, 200, { success: true, data: rules }));
const templatesAre = (templates: MessageTemplate[]) =>
  on(audienceRoutes.listTemplates, () => reply(audienceRoutes.listTemplates, 200, { success: true, data: templates }));

describe('automations list', { timeout: 40_000 }, () => {
  it('shows each rule in words with the built-in marked, pauses one with its switch, and deletes an owner-made rule after asking', async () => {
    const builtin = aRule({ stats: { done: 12, skipped: 3, waiting: 1, lastRunAt: new Date(Date.now() - 2 * 3_600_000).toISOString() } });
    const template = aTemplate();
    const mine = aRule({
      name: 'Come back',
      builtin: null,
      trigger: { type: 'no_visit', days: 14 },
      wait: { amount: 2, unit: 'days' },
      conditions: { planIds: ['premium', 'vip'], stillTrue: true },
      locationIds: [PUNE._id],
      actions: [{ type: 'send_template', templateId: template.id }, { type: 'notify_staff' }],
    });
    const calls: string[] = [];
    server.use(
      ...signedInShell(OWNER),
      rulesAre([builtin, mine]),
      templatesAre([template]),
      on(r.pause, ({ params }) => {
        calls.push(`pause ${String(params.id)}`);
        return reply(r.pause, 200, { success: true, data: { ...builtin, status: 'paused' } });
      }),
      on(r.remove, ({ params }) => {
        calls.push(`delete ${String(params.id)}`);
        return reply(r.remove, 200, { success: true, message: 'Deleted' });
      }),
    );
    const { user } = renderApp('/dashboard/automations');
    expect(await screen.findByRole('heading', { name: 'Automations', level: 1 })).toBeTruthy();

    const first = await screen.findByTestId(`rule-${builtin._id}`);
    expect(within(first).getByText('Built-in')).toBeTruthy();
    expect(within(first).getByTestId('rule-when').textContent).toBe('7 days before a membership ends · at once');
    expect(within(first).getByTestId('rule-only').textContent).toBe('every location · any plan · if still true when it is time');
    expect(within(first).getByTestId('rule-do').textContent).toBe('Send “Renewal reminder”');
    expect(within(first).getByTestId('rule-stats').textContent).toContain('12 reached · 3 skipped · 1 waiting');
    expect(within(first).getByTestId('rule-stats').textContent).toContain('Last run 2h ago');
    expect(within(first).queryByTestId('rule-delete')).toBeNull();

    const second = screen.getByTestId(`rule-${mine._id}`);
    expect(within(second).queryByText('Built-in')).toBeNull();
    expect(within(second).getByTestId('rule-when').textContent).toBe('No visit for 14 days · after 2 days');
    expect(within(second).getByTestId('rule-only').textContent).toBe('Akhada Pune · Premium, VIP plan · if still true when it is time');
    await waitFor(() => expect(within(second).getByTestId('rule-do').textContent).toBe('Send “comeback_offer” by WhatsApp · Tell staff'));
    expect(within(second).getByTestId('rule-stats').textContent).toContain('Not run yet');

    const toggle = within(first).getByRole('switch', { name: '“Renewal reminder, 7 days before” on' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    expect(await screen.findByText('“Renewal reminder, 7 days before” paused.')).toBeTruthy();

    await user.click(within(second).getByRole('button', { name: 'Delete “Come back”' }));
    const dialog = await screen.findByTestId('delete-rule-modal');
    expect(within(dialog).getByText(/“Come back” stops at once/)).toBeTruthy();
    await user.click(within(dialog).getByTestId('delete-rule-confirm'));
    expect(await screen.findByText('“Come back” deleted.')).toBeTruthy();
    expect(calls).toEqual([`pause ${builtin._id}`, `delete ${mine._id}`]);
  });

  it('says so when there are no rules, and offers Retry when they could not be loaded', async () => {
    let failing = true;
    server.use(
      ...signedInShell(OWNER),
      on(r.list, () => (failing ? problem(503, 'SERVICE_UNAVAILABLE', 'down') : reply(r.list, 200, { success: true, data: [] }))),
    );
    const { user } = renderApp('/dashboard/automations');
    const error = await screen.findByTestId('error-state');
    failing = false;
    await user.click(within(error).getByTestId('retry-button'));
    expect(await screen.findByText('No rules yet')).toBeTruthy();
  });

  it('lets an admin change only the rules of their own locations', async () => {
    const orgWide = aRule();
    const pune = aRule({ name: 'Pune welcome', builtin: null, trigger: { type: 'member_joined' }, locationIds: [PUNE._id] });
    const both = aRule({ name: 'Both', builtin: null, trigger: { type: 'birthday' }, locationIds: [PUNE._id, BENGALURU._id] });
    server.use(...signedInShell(ADMIN), rulesAre([orgWide, pune, both]));
    renderApp('/dashboard/automations');
    const first = await screen.findByTestId(`rule-${orgWide._id}`);
    expect((within(first).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
    expect(within(first).getByText('Only the owner can change this rule.')).toBeTruthy();
    expect(within(first).queryByTestId('rule-edit')).toBeNull();
    const mine = screen.getByTestId(`rule-${pune._id}`);
    expect((within(mine).getByRole('switch') as HTMLInputElement).disabled).toBe(false);
    expect(within(mine).getByTestId('rule-edit')).toBeTruthy();
    expect(within(mine).getByTestId('rule-delete')).toBeTruthy();
    expect(within(screen.getByTestId(`rule-${both._id}`)).queryByTestId('rule-edit')).toBeNull();
  });

  it('in Hindi too', async () => {
    await setLanguage('hi');
    try {
      const rule = aRule({ trigger: { type: 'payment_overdue', days: 3 }, builtin: 'overdue_3d', name: 'Overdue reminder, 3 days after', status: 'paused' });
      server.use(...signedInShell(OWNER), rulesAre([rule]));
      renderApp('/dashboard/automations');
      const card = await screen.findByTestId(`rule-${rule._id}`);
      await waitFor(() => expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('बाकी भुगतान की याद, 3 दिन बाद'));
      expect(within(card).getByTestId('rule-when').textContent).toBe('भुगतान 3 दिन से बाकी · तुरंत');
      expect(within(card).getByText('रुका हुआ')).toBeTruthy();
    } finally {
      await setLanguage('en');
    }
  });
});

describe('rule editor', { timeout: 40_000 }, () => {
  it('makes a rule: the contract checks the days, the message follows the trigger, a template is chosen, and the body is what was chosen', async () => {
    const template = aTemplate();
    const archived = aTemplate({ name: 'old_offer', archivedAt: AT });
    const sent: unknown[] = [];
    server.use(
      ...signedInShell(OWNER),
      rulesAre([]),
      templatesAre([template, archived]),
      on(r.create, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return reply(r.create, 201, { success: true, data: aRule({ ...(body as Partial<AutomationRule>), builtin: null, name: 'Come back' }) });
      }),
    );
    const { user } = renderApp('/dashboard/automations');
    await user.click(await screen.findByTestId('new-rule'));
    const dialog = await screen.findByTestId('rule-form-modal');
    await user.type(within(dialog).getByTestId('rule-name'), 'Come back');
    await user.selectOptions(within(dialog).getByTestId('rule-trigger'), 'no_visit');
    // The built-in text follows the trigger: "We miss you" is the one that fits "no visit".
    expect((within(dialog).getByTestId('rule-action-0-message') as HTMLSelectElement).value).toBe('we_miss_you');
    expect(
      within(within(dialog).getByTestId('rule-action-0-message'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['We miss you']);
    const days = within(dialog).getByTestId('rule-days');
    await user.clear(days);
    await user.type(days, '400');
    await user.selectOptions(within(dialog).getByTestId('rule-wait-unit'), 'days');
    await user.type(within(dialog).getByTestId('rule-wait-amount'), '45');
    await user.click(screen.getByTestId('rule-form-submit'));
    expect(await within(dialog).findByText('Days must be 3 to 365')).toBeTruthy();
    expect(await within(dialog).findByText('Wait must be at most 30 days (720 hours)')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(days);
    await user.type(days, '14');
    await user.clear(within(dialog).getByTestId('rule-wait-amount'));
    await user.type(within(dialog).getByTestId('rule-wait-amount'), '2');
    await user.click(within(within(dialog).getByTestId('rule-locations')).getByRole('checkbox', { name: 'Akhada Pune' }));
    await user.click(within(within(dialog).getByTestId('rule-plans')).getByRole('checkbox', { name: 'Premium' }));
    await user.click(within(dialog).getByTestId('rule-add-action'));
    await user.selectOptions(within(dialog).getByTestId('rule-action-1-type'), 'send_template');
    const picker = await within(dialog).findByTestId('rule-action-1-template');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a template', 'comeback_offer · WhatsApp · marketing']);
    await user.click(screen.getByTestId('rule-form-submit'));
    expect(await within(dialog).findByText('Template is required')).toBeTruthy();
    await user.selectOptions(picker, template.id);
    await user.click(within(dialog).getByTestId('rule-add-action'));
    await user.selectOptions(within(dialog).getByTestId('rule-action-2-type'), 'send_template');
    await user.selectOptions(await within(dialog).findByTestId('rule-action-2-template'), template.id);
    await user.click(screen.getByTestId('rule-form-submit'));
    expect(await within(dialog).findByText('This action is already in the rule')).toBeTruthy();
    await user.click(within(dialog).getByTestId('rule-action-2-remove'));
    await user.click(screen.getByTestId('rule-form-submit'));

    await waitFor(() =>
      expect(sent).toEqual([
        {
          name: 'Come back',
          trigger: { type: 'no_visit', days: 14 },
          wait: { unit: 'days', amount: 2 },
          conditions: { planIds: ['premium'], stillTrue: true },
          locationIds: [PUNE._id],
          actions: [
            { type: 'send_message', message: 'we_miss_you' },
            { type: 'send_template', templateId: template.id },
          ],
          status: 'active',
        },
      ]),
    );
    expect(await screen.findByText('Rule “Come back” made.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('rule-form')).toBeNull());
  });

  it('edits a built-in rule: its trigger stays, its days and actions change, a paused rule stays paused; an enquiry trigger offers no built-in text', async () => {
    const builtin = aRule({ status: 'paused' });
    const sent: unknown[] = [];
    server.use(
      ...signedInShell(OWNER),
      rulesAre([builtin]),
      on(r.update, async ({ request, params }) => {
        sent.push([params.id, await request.json()]);
        return reply(r.update, 200, { success: true, data: builtin });
      }),
    );
    const { user } = renderApp('/dashboard/automations');
    await user.click(await screen.findByRole('button', { name: 'Edit “Renewal reminder, 7 days before”' }));
    const dialog = await screen.findByTestId('rule-form-modal');
    expect(within(dialog).getByTestId('rule-trigger-fixed').textContent).toBe('Membership ending in some days');
    expect(within(dialog).queryByTestId('rule-trigger')).toBeNull();
    expect(within(dialog).queryByTestId('rule-active')).toBeNull();
    const days = within(dialog).getByTestId('rule-days');
    await user.clear(days);
    await user.type(days, '10');
    await user.click(within(dialog).getByTestId('rule-add-action'));
    await user.click(screen.getByTestId('rule-form-submit'));
    await waitFor(() =>
      expect(sent).toEqual([
        [
          builtin._id,
          {
            name: 'Renewal reminder, 7 days before',
            trigger: { type: 'membership_expiring', days: 10 },
            wait: null,
            conditions: { planIds: [], stillTrue: true },
            locationIds: [],
            actions: [{ type: 'send_message', message: 'renewal_reminder' }, { type: 'notify_staff' }],
            status: 'paused',
          },
        ],
      ]),
    );
  });

  it('turns a built-in text into telling staff when the trigger is a new enquiry (an enquiry has no app account)', async () => {
    server.use(...signedInShell(OWNER), rulesAre([]));
    const { user } = renderApp('/dashboard/automations');
    await user.click(await screen.findByTestId('new-rule'));
    const dialog = await screen.findByTestId('rule-form-modal');
    await user.selectOptions(within(dialog).getByTestId('rule-trigger'), 'lead_created');
    await waitFor(() => expect((within(dialog).getByTestId('rule-action-0-type') as HTMLSelectElement).value).toBe('notify_staff'));
    expect(within(within(dialog).getByTestId('rule-action-0-type')).queryByRole('option', { name: 'Send a built-in message' })).toBeNull();
    expect(within(dialog).queryByTestId('rule-plans')).toBeNull();
    expect(within(dialog).getByText('An enquiry has no app account: send one of your templates, plan a follow-up or tell staff.')).toBeTruthy();
  });

  it('plans a follow-up for an enquiry: offered on a lead trigger only, its due hours checked by the contract, kept when a rule is edited', async () => {
    const sent: unknown[] = [];
    const existing = aRule({
      name: 'Call new enquiries',
      builtin: null,
      trigger: { type: 'lead_created' },
      actions: [{ type: 'create_follow_up', kind: 'visit', dueInHours: 6, note: 'Invite for a trial' }],
    });
    server.use(
      ...signedInShell(OWNER),
      rulesAre([existing]),
      on(r.create, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return reply(r.create, 201, { success: true, data: aRule({ ...(body as Partial<AutomationRule>), builtin: null }) });
      }),
      on(r.update, async ({ request, params }) => {
        sent.push([params.id, await request.json()]);
        return reply(r.update, 200, { success: true, data: existing });
      }),
    );
    const { user } = renderApp('/dashboard/automations');
    await user.click(await screen.findByTestId('new-rule'));
    let dialog = await screen.findByTestId('rule-form-modal');
    const typeOptions = () =>
      within(within(dialog).getByTestId('rule-action-0-type'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    // A member's trigger has no follow-ups (enquiries keeps them on leads only).
    expect(typeOptions()).not.toContain('Plan a follow-up for the lead’s owner');
    await user.type(within(dialog).getByTestId('rule-name'), 'Call back');
    await user.selectOptions(within(dialog).getByTestId('rule-trigger'), 'lead_created');
    await waitFor(() => expect(typeOptions()).toEqual(['Send one of your templates', 'Tell staff', 'Plan a follow-up for the lead’s owner']));
    await user.selectOptions(within(dialog).getByTestId('rule-action-0-type'), 'create_follow_up');
    expect((within(dialog).getByTestId('rule-action-0-kind') as HTMLSelectElement).value).toBe('call');
    expect((within(dialog).getByTestId('rule-action-0-due') as HTMLInputElement).value).toBe('24');
    await user.selectOptions(within(dialog).getByTestId('rule-action-0-kind'), 'whatsapp');
    const due = within(dialog).getByTestId('rule-action-0-due');
    await user.clear(due);
    await user.type(due, '800');
    await user.click(screen.getByTestId('rule-form-submit'));
    expect(await within(dialog).findByText('Due in 0 to 720 hours')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(due);
    await user.type(due, '2');
    await user.type(within(dialog).getByTestId('rule-action-0-note'), 'Share the trial offer');
    await user.click(screen.getByTestId('rule-form-submit'));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          name: 'Call back',
          trigger: { type: 'lead_created' },
          wait: null,
          conditions: { planIds: [], stillTrue: true },
          locationIds: [],
          actions: [{ type: 'create_follow_up', kind: 'whatsapp', dueInHours: 2, note: 'Share the trial offer' }],
          status: 'active',
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('rule-form')).toBeNull());

    // Editing a rule keeps its follow-up as it is.
    await user.click(await screen.findByRole('button', { name: 'Edit “Call new enquiries”' }));
    dialog = await screen.findByTestId('rule-form-modal');
    expect((within(dialog).getByTestId('rule-action-0-kind') as HTMLSelectElement).value).toBe('visit');
    expect((within(dialog).getByTestId('rule-action-0-due') as HTMLInputElement).value).toBe('6');
    await user.click(screen.getByTestId('rule-form-submit'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect((sent[1] as [string, { actions: unknown }])[1].actions).toEqual([
      { type: 'create_follow_up', kind: 'visit', dueInHours: 6, note: 'Invite for a trial' },
    ]);
  });

  it('tells staff of a follow-up overdue by some hours: its hours field checked by the contract, shown and kept when a rule is edited', async () => {
    const sent: unknown[] = [];
    const existing = aRule({
      name: 'Late follow-ups',
      builtin: null,
      trigger: { type: 'follow_up_overdue', hours: 6 },
      actions: [{ type: 'notify_staff' }],
    });
    server.use(
      ...signedInShell(OWNER),
      rulesAre([existing]),
      on(r.create, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return reply(r.create, 201, { success: true, data: aRule({ ...(body as Partial<AutomationRule>), builtin: null }) });
      }),
      on(r.update, async ({ request, params }) => {
        sent.push([params.id, await request.json()]);
        return reply(r.update, 200, { success: true, data: existing });
      }),
    );
    const { user } = renderApp('/dashboard/automations');
    expect(await screen.findByText(/A lead’s follow-up 6 hours overdue/)).toBeTruthy();
    await user.click(screen.getByTestId('new-rule'));
    let dialog = await screen.findByTestId('rule-form-modal');
    expect(within(dialog).queryByTestId('rule-hours')).toBeNull();
    await user.type(within(dialog).getByTestId('rule-name'), 'Chase the team');
    await user.selectOptions(within(dialog).getByTestId('rule-trigger'), 'follow_up_overdue');
    const hours = within(dialog).getByTestId('rule-hours') as HTMLInputElement;
    expect(hours.value).toBe('24');
    expect(within(dialog).getByText('Hours after the follow-up was due, 1 to 168 (a week).')).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByTestId('rule-action-0-type') as HTMLSelectElement).value).toBe('notify_staff'));
    expect(within(dialog).queryByTestId('rule-days')).toBeNull();
    expect(within(dialog).queryByTestId('rule-plans')).toBeNull();
    await user.clear(hours);
    await user.type(hours, '200');
    await user.click(screen.getByTestId('rule-form-submit'));
    expect(await within(dialog).findByText('Hours must be 1 to 168')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(hours);
    await user.type(hours, '4');
    await user.click(screen.getByTestId('rule-form-submit'));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          name: 'Chase the team',
          trigger: { type: 'follow_up_overdue', hours: 4 },
          wait: null,
          conditions: { planIds: [], stillTrue: true },
          locationIds: [],
          actions: [{ type: 'notify_staff' }],
          status: 'active',
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('rule-form')).toBeNull());

    // Editing keeps its hours.
    await user.click(await screen.findByRole('button', { name: 'Edit “Late follow-ups”' }));
    dialog = await screen.findByTestId('rule-form-modal');
    expect((within(dialog).getByTestId('rule-hours') as HTMLInputElement).value).toBe('6');
    await user.click(screen.getByTestId('rule-form-submit'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect((sent[1] as [string, { trigger: unknown }])[1].trigger).toEqual({ type: 'follow_up_overdue', hours: 6 });
  });

  it('a follow-up gives way to telling staff when the trigger becomes a member’s', async () => {
    server.use(...signedInShell(OWNER), rulesAre([]));
    const { user } = renderApp('/dashboard/automations');
    await user.click(await screen.findByTestId('new-rule'));
    const dialog = await screen.findByTestId('rule-form-modal');
    await user.selectOptions(within(dialog).getByTestId('rule-trigger'), 'lead_created');
    await user.selectOptions(within(dialog).getByTestId('rule-action-0-type'), 'create_follow_up');
    expect(within(dialog).getByTestId('rule-action-0-kind')).toBeTruthy();
    await user.selectOptions(within(dialog).getByTestId('rule-trigger'), 'birthday');
    await waitFor(() => expect((within(dialog).getByTestId('rule-action-0-type') as HTMLSelectElement).value).toBe('notify_staff'));
    expect(within(dialog).queryByTestId('rule-action-0-kind')).toBeNull();
  });

  it('asks an admin for one of their locations', async () => {
    const sent: unknown[] = [];
    const admin = aUser({ role: 'admin', locations: [PUNE, BENGALURU] });
    server.use(
      ...signedInShell(admin),
      rulesAre([]),
      on(r.create, async ({ request }) => {
        sent.push(await request.json());
        return reply(r.create, 201, { success: true, data: aRule({ builtin: null }) });
      }),
    );
    const { user } = renderApp('/dashboard/automations');
    await user.click(await screen.findByTestId('new-rule'));
    const dialog = await screen.findByTestId('rule-form-modal');
    await user.type(within(dialog).getByTestId('rule-name'), 'Renewal');
    await user.click(screen.getByTestId('rule-form-submit'));
    expect(await within(dialog).findByText('Choose at least one location')).toBeTruthy();
    await user.click(within(within(dialog).getByTestId('rule-locations')).getByRole('checkbox', { name: 'Akhada Bengaluru' }));
    await user.click(screen.getByTestId('rule-form-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { locationIds: string[] }).locationIds).toEqual([BENGALURU._id]);
  });
});

describe('run log', { timeout: 40_000 }, () => {
  it('shows who a rule reached, what happened or why it was skipped, by page and by status', async () => {
    const rule = aRule();
    const queries: string[] = [];
    const member = aRun({ ruleId: rule._id });
    const skipped = aRun({
      ruleId: rule._id,
      person: { id: crypto.randomUUID(), kind: 'member', name: 'Ravi Kumar' },
      status: 'skipped',
      reason: 'no_longer_true',
      doneAt: null,
      actions: [],
    });
    const lead = aRun({
      ruleId: rule._id,
      person: { id: crypto.randomUUID(), kind: 'lead', name: 'Meera Iyer' },
      occurrence: 'captured',
      actions: [
        { type: 'send_template', result: 'skipped', reason: 'no_contact' },
        { type: 'notify_staff', result: 'sent', reason: null },
      ],
    });
    server.use(
      ...signedInShell(OWNER),
      rulesAre([rule]),
      on(r.runs, ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        const page = Number(url.searchParams.get('page'));
        const status = url.searchParams.get('status');
        const data = status === 'skipped' ? [skipped] : page === 2 ? [lead] : [member, skipped];
        return reply(r.runs, 200, { success: true, data, totalCount: status ? 1 : 21, pagination: { page, limit: 20, totalPages: status ? 1 : 2 } });
      }),
    );
    const { user } = renderApp(`/dashboard/automations/${rule._id}`);
    expect(await screen.findByRole('heading', { name: 'Renewal reminder, 7 days before', level: 1 })).toBeTruthy();
    const list = await screen.findByTestId('run-list');
    const first = within(list).getByTestId(`run-${member._id}`);
    expect(within(first).getByRole('link', { name: 'Asha Patil' }).getAttribute('href')).toBe(`/dashboard/members/${member.person.id}`);
    expect(within(first).getByText('About 17 Mar 2026')).toBeTruthy();
    expect(within(first).getByText('Message: sent')).toBeTruthy();
    expect(within(list).getByTestId('run-reason').textContent).toBe('Skipped: no longer true at send time (renewed, paid or visited)');
    expect(screen.getByTestId('run-count').textContent).toBe('21 runs');

    await user.click(screen.getByTestId('page-next'));
    const second = await screen.findByTestId(`run-${lead._id}`);
    expect(within(second).getByRole('link', { name: 'Meera Iyer' }).getAttribute('href')).toBe(`/dashboard/enquiries/${lead.person.id}`);
    expect(within(second).getByText('Enquiry')).toBeTruthy();
    expect(within(second).getByText('Template: skipped (no way to reach them (no number or no consent))')).toBeTruthy();
    expect(within(second).getByText('Staff told: sent')).toBeTruthy();

    await user.selectOptions(screen.getByTestId('run-status-filter'), 'skipped');
    await waitFor(() => expect(screen.getByTestId('run-count').textContent).toBe('1 run'));
    expect(screen.queryByTestId(`run-${member._id}`)).toBeNull();
    expect(queries).toEqual(['?page=1&limit=20', '?page=2&limit=20', '?page=1&limit=20&status=skipped']);
  });

  it('says when a rule has not run yet, and offers Retry when the log could not be loaded', async () => {
    const rule = aRule();
    let failing = true;
    server.use(
      ...signedInShell(OWNER),
      rulesAre([rule]),
      on(r.runs, () =>
        failing
          ? problem(500, 'INTERNAL', 'boom')
          : reply(r.runs, 200, { success: true, data: [], totalCount: 0, pagination: { page: 1, limit: 20, totalPages: 0 } }),
      ),
    );
    const { user } = renderApp(`/dashboard/automations/${rule._id}`);
    const error = await screen.findByTestId('error-state');
    failing = false;
    await user.click(within(error).getByTestId('retry-button'));
    expect(await screen.findByText('No runs yet')).toBeTruthy();
  });
});
