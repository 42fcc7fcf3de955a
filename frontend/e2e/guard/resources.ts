// Real resources the id routes point at, made in a gym through the public API, and a way to read each back as its
// owner sees it (to prove a foreign caller changed nothing). Keyed by the first segment of the route's path.
import {
  attendanceRoutes,
  audienceRoutes,
  authRoutes,
  automationRoutes,
  campaignRoutes,
  chatRoutes,
  enquiriesRoutes,
  feedbackRoutes,
  gymSettingsRoutes,
  integrationRoutes,
  dataRightsRoutes,
  inventoryRoutes,
  memberRoutes,
  notificationRoutes,
  paymentsRoutes,
  schedulingAppointmentRoutes,
  schedulingEventRoutes,
  schedulingPackRoutes,
  schedulingRoutes,
  signInMethodRoutes,
  trainersRoutes,
} from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PASSWORD, type Actor, type Api, type Gym } from './actors.ts';
import { e2eDatabaseUrl } from './db-watch.ts';
import { GUARD_WEBHOOK_URL } from './samples.ts';

export interface Resource {
  id: string;
  /** Who owns it: reads it back. */
  owner: Actor;
  /** The resource as its owner sees it now (undefined when it is gone). */
  readBack(): Promise<unknown>;
}

const notificationOf = async (api: Api, gym: Gym): Promise<Resource> => {
  // A new member notifies the gym's owner (through Kafka).
  await api.newMember(gym);
  const owner = gym.owner;
  const id = await api.someNotification(owner);
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', '/notifications?limit=100', undefined, owner.token);
      const n = notificationRoutes.list.responses[200].parse(r.json).data.notifications.find((x) => x._id === id);
      return n && { status: n.status, readAt: n.readAt, title: n.title };
    },
  };
};

/** One factory per resource kind; a new id route whose resource has none fails the cross-organization test, saying so. */
export const RESOURCE_FACTORIES: Record<string, (api: Api, gym: Gym) => Promise<Resource>> = {
  members: async (api, gym) => {
    const id = await api.newMember(gym);
    const owner = gym.owner;
    return {
      id,
      owner,
      async readBack() {
        const r = await api.call('GET', `/members/${id}`, undefined, owner.token);
        if (r.status === 404) return undefined;
        const m = memberRoutes.get.responses[200].parse(r.json).data;
        return { version: m.version, fullName: m.fullName, status: m.membershipStatus, endDate: m.membershipEndDate, locationId: m.locationId };
      },
    };
  },
  notifications: notificationOf,
  /**
   * A Google account linked to gym B's owner (DELETE /settings/sign-in-methods/:id). Linking goes through Google's page
   * and the owner's password (driven in sign-in-methods.spec.ts with the OIDC stand-in); the guard writes the link row
   * that flow leaves, in auth's own table, before anything is watched.
   */
  settings: async (api, gym) => {
    const owner = gym.owner;
    const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
    await client.connect();
    let id: string;
    try {
      const r = await client.query<{ id: string }>(
        `insert into auth.user_identities (provider, subject, user_id, email, created_at) values ('google', $1, $2, $3, now()) returning id`,
        [randomUUID(), owner.userId, owner.email],
      );
      id = r.rows[0]!.id;
    } finally {
      await client.end();
    }
    return {
      id,
      owner,
      async readBack() {
        const r = await api.call('GET', '/settings/sign-in-methods', undefined, owner.token);
        return signInMethodRoutes.listSignInMethods.responses[200].parse(r.json).data.find((m) => m.id === id);
      },
    };
  },
  trainers: async (api, gym) => {
    const owner = gym.owner;
    const created = await api.call(
      'POST',
      '/trainers',
      {
        firstName: 'Guard',
        lastName: 'Trainer',
        email: `guard.trainer.${randomUUID()}@example.in`,
        phone: '+91 98220 55555',
        specialization: ['yoga'],
        experience: 3,
        hourlyRate: 500,
        locationId: gym.locationId,
        certifications: [{ name: 'Guard Cert', issuingOrganization: 'Guard', issueDate: '2024-01-01' }],
      },
      owner.token,
    );
    if (created.status !== 201) throw new Error(`guard: add trainer answered ${created.status}: ${JSON.stringify(created.json)}`);
    const id = trainersRoutes.create.responses[201].parse(created.json).data._id;
    return {
      id,
      owner,
      async readBack() {
        const r = await api.call('GET', `/trainers/${id}`, undefined, owner.token);
        if (r.status === 404) return undefined;
        const t = trainersRoutes.get.responses[200].parse(r.json).data;
        return { version: t.version, fullName: t.fullName, status: t.status, certifications: t.certifications.length };
      },
    };
  },
};

/**
 * Attendance's id routes take a member (or trainer) id: a new member, once the attendance service has their state from
 * the members events (polled through their streak), read back as their visit count and streak.
 */
const attendanceOf = async (api: Api, gym: Gym): Promise<Resource> => {
  const id = await api.newMember(gym);
  const owner = gym.owner;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await api.call('GET', `/attendance/streaks/${id}`, undefined, owner.token);
    if (r.status === 200) break;
    if (Date.now() > deadline) throw new Error(`guard: attendance did not learn member ${id} within 30 s (last ${r.status})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/attendance/streaks/${id}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const s = attendanceRoutes.streaks.responses[200].parse(r.json).data;
      return { totalVisits: s.totalVisits, currentStreak: s.currentStreak, lastVisit: s.lastVisit };
    },
  };
};
RESOURCE_FACTORIES.attendance = attendanceOf;

/**
 * A pending payment of a new member, once the payments service knows the member from the members events (recording is
 * retried until it does), read back as its status, amount and version.
 */
const paymentOf = async (api: Api, gym: Gym): Promise<Resource> => {
  const member = await api.newMember(gym);
  const owner = gym.owner;
  const body = { paymentCategory: 'member', paymentType: 'personal_training', amount: 1500, description: 'Guard payment', member, status: 'pending' };
  const deadline = Date.now() + 30_000;
  let id: string;
  for (;;) {
    const r = await api.call('POST', '/payments', body, owner.token);
    if (r.status === 201) {
      id = paymentsRoutes.create.responses[201].parse(r.json).data._id;
      break;
    }
    if (Date.now() > deadline) throw new Error(`guard: payments did not record a payment of member ${member} within 30 s (last ${r.status})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/payments/${id}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const p = paymentsRoutes.get.responses[200].parse(r.json).data;
      return { version: p.version, status: p.status, totalAmount: p.totalAmount, refundedAmount: p.refundedAmount };
    },
  };
};
RESOURCE_FACTORIES.payments = paymentOf;

/** Feedback: a ticket (the owner's own complaint) and a survey (active, for all members), read back as the owner sees them. */
RESOURCE_FACTORIES.feedback = async (api, gym) => {
  const owner = gym.owner;
  const body = { type: 'complaint', title: 'Guard ticket', description: 'Made by the cross-organization guard', priority: 'high' };
  const created = await api.call('POST', '/feedback', body, owner.token);
  if (created.status !== 201) throw new Error(`guard: submit feedback answered ${created.status}: ${JSON.stringify(created.json)}`);
  const id = feedbackRoutes.submit.responses[201].parse(created.json).data._id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/feedback/${id}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const f = feedbackRoutes.get.responses[200].parse(r.json).data;
      return { version: f.version, status: f.status, responses: f.responses.length, assignedTo: f.assignedTo };
    },
  };
};
RESOURCE_FACTORIES['feedback/surveys'] = async (api, gym) => {
  const owner = gym.owner;
  const today = new Date().toISOString().slice(0, 10);
  const body = { title: 'Guard survey', questions: [{ kind: 'rating', text: 'How was it?' }], startsOn: today, endsOn: today, isActive: true };
  const created = await api.call('POST', '/feedback/surveys', body, owner.token);
  if (created.status !== 201) throw new Error(`guard: create survey answered ${created.status}: ${JSON.stringify(created.json)}`);
  const id = feedbackRoutes.createSurvey.responses[201].parse(created.json).data._id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/feedback/surveys/${id}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const s = feedbackRoutes.getSurvey.responses[200].parse(r.json).data;
      return { title: s.title, isActive: s.isActive, totalResponses: s.totalResponses, updatedAt: s.updatedAt };
    },
  };
};

/** Auth: another signed-in device (session) of gym B's owner, read back from the owner's list of devices. */
RESOURCE_FACTORIES.auth = async (api, gym) => {
  const owner = gym.owner;
  const device = await api.signIn({ email: owner.email, password: owner.password });
  const mine = authRoutes.listDevices.responses[200].parse((await api.call('GET', '/auth/sessions', undefined, device.token)).json).data;
  const id = mine.find((d) => d.current)!._id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', '/auth/sessions', undefined, owner.token);
      const d = authRoutes.listDevices.responses[200].parse(r.json).data.find((x) => x._id === id);
      return d ? { id: d._id, device: d.device } : undefined;
    },
  };
};

/** Invoices: gym B's location set up as unregistered (a bill of supply), a completed payment, and its invoice. */
RESOURCE_FACTORIES.invoices = async (api, gym) => {
  const owner = gym.owner;
  const location = { locationId: gym.locationId, gstRegistered: false, stateCode: '27', legalName: 'Guard B Fitness', address: 'Pune', invoicePrefix: 'GB' };
  await api.until('tax settings', () => api.call('PUT', '/payments/tax-settings', { sacCode: '999723', locations: [location] }, owner.token));
  const member = await api.newMember(gym);
  const body = { paymentCategory: 'member', paymentType: 'personal_training', amount: 1200, description: 'Guard invoice', member, status: 'completed' };
  const paid = await api.until('record a completed payment', () => api.call('POST', '/payments', body, owner.token));
  const paymentId = paymentsRoutes.create.responses[201].parse(paid.json).data._id;
  const issued = await api.until('issue its invoice', () => api.call('POST', '/payments/invoices', { paymentId }, owner.token));
  const id = (issued.json as { data: { _id: string } }).data._id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/payments/invoices/${id}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const inv = (r.json as { data: Record<string, unknown> }).data;
      return { number: inv.number, total: inv.total ?? inv.totalAmount };
    },
  };
};

/** Chat: a group of gym B's owner with a staff member, read back as the owner sees it (its last message, its version). */
RESOURCE_FACTORIES.chat = async (api, gym) => {
  const owner = gym.owner;
  const admin = gym.roles.admin ?? (await api.withAllRoles(gym)).roles.admin;
  const body = { type: 'group', name: 'Guard group', participants: [{ user: admin.userId }] };
  const created = await api.until('create a chat group', () => api.call('POST', '/chat/conversations', body, owner.token));
  const id = chatRoutes.create.responses[201].parse(created.json).data._id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/chat/conversations/${id}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const c = chatRoutes.conversation.responses[200].parse(r.json).data;
      return { name: c.name, participants: c.participants.length, lastMessage: c.lastMessage };
    },
  };
};

// Settings → Staff: a trainer account of the gym, read back as the owner's staff list shows it.
RESOURCE_FACTORIES['settings/staff'] = async (api, gym) => {
  const owner = gym.owner;
  const created = await api.call(
    'POST',
    '/auth/staff',
    {
      firstName: 'Guard',
      lastName: 'Staff',
      email: `guard.staff.${randomUUID()}@example.in`,
      phone: '+91 98220 55555',
      role: 'trainer',
      locationIds: [gym.locationId],
      password: 'Guard staff pass 2026',
    },
    owner.token,
  );
  const id = authRoutes.createStaff.responses[201].parse(created.json).data.user._id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', '/settings/staff', undefined, owner.token);
      const s = gymSettingsRoutes.listStaff.responses[200].parse(r.json).data.find((x) => x._id === id);
      return s && { status: s.status, locationIds: s.locationIds };
    },
  };
};

/** A member of the gym who joined with its code, signed in (data-rights requests are the member's own). */
const joinedMember = async (api: Api, gym: Gym) => {
  const email = `guard.rights.${randomUUID()}@example.in`;
  const joined = await api.call('POST', '/auth/register', {
    firstName: 'Guard',
    lastName: 'Rights',
    email,
    phone: '+91 90000 00002',
    password: PASSWORD,
    role: 'member',
    gymCode: gym.joinCode,
  });
  if (joined.status !== 201) throw new Error(`join as member: ${joined.status}`);
  return api.signIn({ email, password: PASSWORD });
};

/** A person's consent history: a member who joined by code (terms at sign-up), read back as the owner sees it. */
RESOURCE_FACTORIES['settings/consents'] = async (api, gym) => {
  const member = await joinedMember(api, gym);
  const owner = gym.owner;
  return {
    id: member.userId,
    owner,
    async readBack() {
      const r = await api.call('GET', `/settings/consents/${member.userId}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      return { records: dataRightsRoutes.memberConsents.responses[200].parse(r.json).data.records.length };
    },
  };
};

/** A member's open access request, read back as the gym's owner sees it. */
RESOURCE_FACTORIES['settings/data-requests'] = async (api, gym) => {
  const member = await joinedMember(api, gym);
  const made = await api.call('POST', '/settings/data-requests', { type: 'access', details: 'Guard' }, member.token);
  const id = dataRightsRoutes.createRequest.responses[201].parse(made.json).data.id;
  const owner = gym.owner;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/settings/data-requests/${id}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const d = dataRightsRoutes.getRequest.responses[200].parse(r.json).data;
      return { status: d.status, note: d.note };
    },
  };
};

/** Inventory: an item for sale with stock at gym B's first location, read back as its owner sees it. */
const inventoryItemOf = async (api: Api, gym: Gym) => {
  const owner = gym.owner;
  const body = {
    name: `Guard whey ${randomUUID().slice(0, 8)}`,
    category: 'supplement',
    locationId: gym.locationId,
    isForSale: true,
    sellingPrice: 2500,
    hsn: '2106',
    gstRate: 18,
    initialStock: { quantity: 10, unitCost: 1500 },
  };
  const created = await api.call('POST', '/inventory', body, owner.token);
  if (created.status !== 201) throw new Error(`guard: create inventory item answered ${created.status}: ${JSON.stringify(created.json)}`);
  return { owner, id: inventoryRoutes.create.responses[201].parse(created.json).data._id };
};
RESOURCE_FACTORIES.inventory = async (api, gym) => {
  const { owner, id } = await inventoryItemOf(api, gym);
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/inventory/${id}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const i = inventoryRoutes.get.responses[200].parse(r.json).data;
      return { version: i.version, quantity: i.quantity, status: i.status, assignedTo: i.assignedTo, name: i.name };
    },
  };
};
RESOURCE_FACTORIES['inventory/suppliers'] = async (api, gym) => {
  const owner = gym.owner;
  const created = await api.call('POST', '/inventory/suppliers', { name: `Guard supplier ${randomUUID().slice(0, 8)}` }, owner.token);
  if (created.status !== 201) throw new Error(`guard: create supplier answered ${created.status}: ${JSON.stringify(created.json)}`);
  const id = inventoryRoutes.createSupplier.responses[201].parse(created.json).data._id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/inventory/suppliers/${id}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const s = inventoryRoutes.getSupplier.responses[200].parse(r.json).data;
      return { name: s.name, gstin: s.gstin, archived: s.archived };
    },
  };
};
/** A counter sale of gym B (its invoice arrives later from payments, so the read-back leaves it out). */
RESOURCE_FACTORIES.pos = async (api, gym) => {
  const { owner, id: itemId } = await inventoryItemOf(api, gym);
  const saleId = randomUUID();
  const body = { saleId, locationId: gym.locationId, buyer: { kind: 'walk_in' }, lines: [{ itemId, quantity: 1 }] };
  const created = await api.call('POST', '/pos/sales', body, owner.token);
  if (created.status !== 201) throw new Error(`guard: POS sale answered ${created.status}: ${JSON.stringify(created.json)}`);
  return {
    id: saleId,
    owner,
    async readBack() {
      const r = await api.call('GET', `/pos/sales/${saleId}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const s = inventoryRoutes.posGetSale.responses[200].parse(r.json).data;
      return { status: s.status, totals: s.totals, lines: s.lines.length };
    },
  };
};

/** Settings → Integrations: a webhook endpoint of gym B, read back from its owner's list (the deliverer's status left out). */
const webhookOf = async (api: Api, gym: Gym) => {
  const owner = gym.owner;
  const created = await api.call('POST', '/settings/integrations/webhooks', { url: GUARD_WEBHOOK_URL, eventTypes: ['sale.completed'] }, owner.token);
  if (created.status !== 201) throw new Error(`guard: create webhook answered ${created.status}: ${JSON.stringify(created.json)}`);
  return { owner, id: integrationRoutes.createWebhook.responses[201].parse(created.json).data.endpoint._id };
};
RESOURCE_FACTORIES['settings/integrations'] = async (api, gym) => {
  const { owner, id } = await webhookOf(api, gym);
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', '/settings/integrations/webhooks', undefined, owner.token);
      const e = integrationRoutes.listWebhooks.responses[200].parse(r.json).data.find((x) => x._id === id);
      return e && { url: e.url, eventTypes: e.eventTypes };
    },
  };
};
/** A webhook delivery of gym B (its endpoint's test ping), read back by what does not change as it is tried. */
RESOURCE_FACTORIES['settings/integrations/deliveries'] = async (api, gym) => {
  const { owner, id: endpointId } = await webhookOf(api, gym);
  const ping = await api.call('POST', `/settings/integrations/webhooks/${endpointId}/test`, undefined, owner.token);
  if (ping.status !== 202) throw new Error(`guard: webhook test answered ${ping.status}: ${JSON.stringify(ping.json)}`);
  const id = integrationRoutes.testWebhook.responses[202].parse(ping.json).data._id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/settings/integrations/webhooks/${endpointId}/deliveries`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const d = integrationRoutes.webhookDeliveries.responses[200].parse(r.json).data.find((x) => x._id === id);
      return d && { eventType: d.eventType, eventId: d.eventId };
    },
  };
};

/** Automations: a rule of gym B (its owner's), read back from the owner's list. */
RESOURCE_FACTORIES['notifications/automations'] = async (api, gym) => {
  const owner = gym.owner;
  const created = await api.call(
    'POST',
    '/notifications/automations',
    { name: 'Guard rule', trigger: { type: 'no_visit', days: 30 }, actions: [{ type: 'notify_staff' }], status: 'paused' },
    owner.token,
  );
  if (created.status !== 201) throw new Error(`guard: create automation answered ${created.status}: ${JSON.stringify(created.json)}`);
  const id = automationRoutes.create.responses[201].parse(created.json).data._id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', '/notifications/automations', undefined, owner.token);
      const a = automationRoutes.list.responses[200].parse(r.json).data.find((x) => x._id === id);
      return a && { name: a.name, status: a.status, trigger: a.trigger, actions: a.actions, updatedAt: a.updatedAt };
    },
  };
};

/** Campaigns: a campaign of gym B scheduled for tomorrow (an SMS template of its own), read back as its owner sees it. */
RESOURCE_FACTORIES['notifications/campaigns'] = async (api, gym) => {
  const owner = gym.owner;
  const template = await api.call(
    'POST',
    '/notifications/message-templates',
    {
      channel: 'sms',
      name: `Guard campaign ${randomUUID().slice(0, 8)}`,
      category: 'utility',
      bodies: { en: 'Dear {{1}}, the gym is closed on Monday. -AKHADA' },
      variables: ['firstName'],
      dltTemplateId: '1107161234567890123',
      senderHeader: 'AKHADA',
    },
    owner.token,
  );
  if (template.status !== 201) throw new Error(`guard: create template answered ${template.status}: ${JSON.stringify(template.json)}`);
  const templateId = audienceRoutes.createTemplate.responses[201].parse(template.json).data.id;
  const sendAt = { date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), time: '09:30' };
  const body = { name: 'Guard campaign', segment: { audience: 'members' }, channel: 'sms', templateId, sendAt };
  const created = await api.call('POST', '/notifications/campaigns', body, owner.token);
  if (created.status !== 201) throw new Error(`guard: create campaign answered ${created.status}: ${JSON.stringify(created.json)}`);
  const id = campaignRoutes.create.responses[201].parse(created.json).data._id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/notifications/campaigns/${id}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const c = campaignRoutes.get.responses[200].parse(r.json).data;
      return { name: c.name, status: c.status, scheduledAt: c.scheduledAt, counts: c.counts };
    },
  };
};

/** The factory a route's id is made by: its path's first segment; payments' routes about a member or trainer take theirs, feedback's surveys are a kind of their own. */
/** Scheduling: a class type of gym B, and a class of it on gym B's timetable (the day after tomorrow, 18:00 local). */
const classTypeOf = async (api: Api, gym: Gym): Promise<string> => {
  const created = await api.call(
    'POST',
    '/scheduling/class-types',
    { name: `Guard yoga ${randomUUID().slice(0, 8)}`, category: 'yoga', durationMinutes: 60, defaultCapacity: 10 },
    gym.owner.token,
  );
  if (created.status !== 201) throw new Error(`guard: create class type answered ${created.status}: ${JSON.stringify(created.json)}`);
  return schedulingRoutes.createClassType.responses[201].parse(created.json).data.id;
};
RESOURCE_FACTORIES['scheduling/class-types'] = async (api, gym) => {
  const owner = gym.owner;
  const id = await classTypeOf(api, gym);
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', '/scheduling/class-types', undefined, owner.token);
      return schedulingRoutes.listClassTypes.responses[200].parse(r.json).data.find((t) => t.id === id);
    },
  };
};
/** Scheduling: a session-pack type of gym B, read back from its owner's list. */
RESOURCE_FACTORIES['scheduling/packs'] = async (api, gym) => {
  const owner = gym.owner;
  const body = { name: `Guard pack ${randomUUID().slice(0, 8)}`, sessions: 10, validityDays: 60, pricePaise: 500_000 };
  const created = await api.until('create a pack type', () => api.call('POST', '/scheduling/packs/types', body, owner.token));
  const id = schedulingPackRoutes.createPackType.responses[201].parse(created.json).data.id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', '/scheduling/packs/types', undefined, owner.token);
      return schedulingPackRoutes.listPackTypes.responses[200].parse(r.json).data.find((t) => t.id === id);
    },
  };
};
RESOURCE_FACTORIES['scheduling/classes'] = async (api, gym) => {
  const owner = gym.owner;
  const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const created = await api.call(
    'POST',
    '/scheduling/classes',
    { locationId: gym.locationId, classTypeId: await classTypeOf(api, gym), date, startTime: '18:00' },
    owner.token,
  );
  if (created.status !== 201) throw new Error(`guard: create class answered ${created.status}: ${JSON.stringify(created.json)}`);
  const id = schedulingRoutes.createClass.responses[201].parse(created.json).data.id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/scheduling/classes/${id}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const c = schedulingRoutes.getClass.responses[200].parse(r.json).data;
      return { status: c.status, capacity: c.capacity, booked: c.booked, startsAt: c.startsAt, roster: c.roster };
    },
  };
};

/** An event of gym B at its location, the day after tomorrow 18:00–20:00 local, free, 10 places. */
RESOURCE_FACTORIES['scheduling/events'] = async (api, gym) => {
  const owner = gym.owner;
  const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const created = await api.call(
    'POST',
    '/scheduling/events',
    { locationId: gym.locationId, title: `Guard run ${randomUUID().slice(0, 8)}`, kind: 'run', date, startTime: '18:00', endTime: '20:00', capacity: 10 },
    owner.token,
  );
  if (created.status !== 201) throw new Error(`guard: create event answered ${created.status}: ${JSON.stringify(created.json)}`);
  const id = schedulingEventRoutes.createEvent.responses[201].parse(created.json).data.id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/scheduling/events/${id}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const e = schedulingEventRoutes.getEvent.responses[200].parse(r.json).data;
      return { status: e.status, title: e.title, capacity: e.capacity, taken: e.taken, startsAt: e.startsAt };
    },
  };
};

/**
 * A personal-training appointment of gym B: a new trainer of its location working every day 06:00–22:00, a new member,
 * booked by the owner in the trainer's first free hour tomorrow or the day after (scheduling learns the hours from the
 * trainers' events: polled), read back as its status and time.
 */
RESOURCE_FACTORIES['scheduling/appointments'] = async (api, gym) => {
  const owner = gym.owner;
  const trainer = await RESOURCE_FACTORIES.trainers!(api, gym);
  const memberId = await api.newMember(gym);
  const weeklySlots = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: '06:00', endTime: '22:00' }));
  const hours = await api.call('PUT', `/trainers/${trainer.id}/schedule`, { weeklySlots }, owner.token);
  if (hours.status !== 200) throw new Error(`guard: trainer schedule answered ${hours.status}: ${JSON.stringify(hours.json)}`);
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const slotsOf = (r: Awaited<ReturnType<Api['call']>>) =>
    r.status === 200 ? schedulingAppointmentRoutes.freeSlots.responses[200].parse(r.json).data.slots : [];
  const free = await api.until(
    'free slots of the guard trainer',
    () => api.call('GET', `/scheduling/appointments/free-slots?trainerId=${trainer.id}&from=${day(1)}&to=${day(2)}`, undefined, owner.token),
    { check: (r) => slotsOf(r).length > 0 },
  );
  const startsAt = slotsOf(free)[0]!.startsAt;
  const booked = await api.until('book the guard appointment', () =>
    api.call('POST', '/scheduling/appointments', { trainerId: trainer.id, memberId, startsAt, durationMinutes: 60 }, owner.token),
  );
  const id = schedulingAppointmentRoutes.book.responses[201].parse(booked.json).data.id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call(
        'GET',
        `/scheduling/appointments?trainerId=${trainer.id}&from=${day(0)}&to=${day(3)}&includeCancelled=true`,
        undefined,
        owner.token,
      );
      const a = schedulingAppointmentRoutes.list.responses[200].parse(r.json).data.appointments.find((x) => x.id === id);
      return a && { status: a.status, startsAt: a.startsAt, late: a.late };
    },
  };
};

/** A lead of gym B at its location (a walk-in the owner captured, a fresh phone number), read back as its owner sees it. */
RESOURCE_FACTORIES.enquiries = async (api, gym) => {
  const owner = gym.owner;
  const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const body = { locationId: gym.locationId, name: 'Guard lead', phone, interest: 'membership', source: 'walk_in' };
  const created = await api.call('POST', '/enquiries/leads', body, owner.token);
  if (created.status !== 201) throw new Error(`guard: create lead answered ${created.status}: ${JSON.stringify(created.json)}`);
  const lead = enquiriesRoutes.createLead.responses[201].parse(created.json).data.lead;
  if (!lead) throw new Error('guard: the owner cannot see the lead they captured');
  const id = lead.id;
  return {
    id,
    owner,
    async readBack() {
      const r = await api.call('GET', `/enquiries/leads/${id}`, undefined, owner.token);
      if (r.status === 404) return undefined;
      const l = enquiriesRoutes.getLead.responses[200].parse(r.json).data;
      return { name: l.name, stage: l.stage, ownerId: l.ownerId, timeline: l.timeline.length, followUps: l.followUps };
    },
  };
};

export const resourceKind = (path: string): string => {
  const [, first = '', second = '', third = ''] = path.split('/');
  if (first === 'payments' && second === 'member') return 'members';
  if (first === 'payments' && second === 'trainer') return 'trainers';
  if (first === 'payments' && second === 'invoices') return 'invoices';
  if (first === 'feedback' && second === 'surveys') return 'feedback/surveys';
  if (first === 'settings' && second === 'staff') return 'settings/staff';
  if (first === 'settings' && second === 'integrations') return third === 'webhook-deliveries' ? 'settings/integrations/deliveries' : 'settings/integrations';
  if (first === 'settings' && (second === 'consents' || second === 'data-requests')) return `settings/${second}`;
  if (first === 'inventory' && second === 'suppliers') return 'inventory/suppliers';
  if (first === 'scheduling') return `scheduling/${second}`;
  if (first === 'notifications' && second === 'automations') return 'notifications/automations';
  if (first === 'notifications' && second === 'campaigns') return 'notifications/campaigns';
  return first;
};
