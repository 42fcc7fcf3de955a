// `npm run bench:campaign` (prints figures; not a test, never fails on a miss): a WhatsApp-template campaign to
// BENCH_CAMPAIGN_MEMBERS members (default 20,000) of one gym, all with marketing consent for WhatsApp, sent at
// BENCH_CAMPAIGN_RATE messages a minute (default 100,000, the highest a campaign may ask: in effect unthrottled)
// through the WhatsApp Cloud API stand-in, which answers each send and posts its `sent` and `delivered` callbacks to
// the product's webhook (signed, through the gateway) as Meta does.
//
// Setup: its own copy of the stack on the bench ports (services 24101-24111, gateway 28080) with a fresh database
// (akhada_bench_campaign, topic namespace `bench`), at the production log level, the WhatsApp stand-in on 28026 (in
// this process: its CPU is counted with the load generator's). A gym registered through the API; its members written
// straight into notifications' copy of the members (member_copies, as the member-copy consumer writes it from members'
// events) with their marketing consent (marketing_consent, as the consent routes write it), and one approved marketing
// template (message_templates, approved by the stand-in as WhatsApp Manager would): through the members API each member
// would take seconds. The campaign is then created as the owner creates it: POST /api/notifications/campaigns, send now.
//
// Figures: the time to queue (the create request: the segment resolved, 20,000 outbound rows written, answered),
// the time until every message was sent (the provider answered with its id), messages/s over that, the time until
// every `delivered` callback was recorded, and the CPU time per message of each process over the whole run (Linux
// /proc, net of each process's idle share). Run it under the e2e lock on a shared machine:
//   flock /tmp/akhada-e2e.lock npm run bench:campaign
import { Campaign, ok } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { whatsAppTemplateName } from '../../services/notifications/src/domain/message-templates.ts';
import { startBenchStack } from './bench-stack.ts';
import { call, load, registerBenchGym } from './bench-api.ts';
import { coresByKind, describeShare, snapshot, type Cores } from './cpu-share.ts';

const MEMBERS = Number(process.env.BENCH_CAMPAIGN_MEMBERS ?? 20_000);
const RATE = Number(process.env.BENCH_CAMPAIGN_RATE ?? 100_000);
const PORT_OFFSET = 20_000;
const GATEWAY_PORT = 28_080;
const WHATSAPP_PORT = 28_026;
const SMTP = { smtpPort: 22_525, httpPort: 28_025 };
const DATABASE = 'akhada_bench_campaign';
const IDLE_S = 5;
const CAP_MS = 15 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { org: string; locs: string[]; sub: string };

/** The members, their consent and the approved template, written into notifications' tables (see the header). */
const seed = async (client: pg.Client, owner: string) => {
  const { org, locs, sub } = claimsOf(owner);
  const ids = Array.from({ length: MEMBERS }, () => randomUUID());
  const t0 = Date.now();
  await client.query(
    `insert into notifications.member_copies (member_id, org_id, location_id, first_name, last_name, email, phone, status, end_date, plan_id, plan_name)
     select id, $1, $2, 'Bench' || i, 'Member', 'bench' || i || '@example.in', (7000000000 + i)::text, 'active', (now() + interval '6 months')::date, 'premium', 'Premium'
       from unnest($3::uuid[]) with ordinality as m(id, i)`,
    [org, locs[0], ids],
  );
  await client.query(
    `insert into notifications.marketing_consent (org_id, person_id, channel, granted, method, changed_at)
     select $1, id, 'whatsapp', true, 'staff', now() from unnest($2::uuid[]) as m(id)`,
    [org, ids],
  );
  const templateId = randomUUID();
  const name = 'bench_offer';
  const body = 'Hi {{1}}, your {{2}} plan gets 20% off this week! Reply STOP to unsubscribe.';
  await client.query(
    `insert into notifications.message_templates (id, org_id, channel, name, category, bodies, variables, whatsapp_status, created_by, created_at, updated_at)
     values ($1, $2, 'whatsapp', $3, 'marketing', $4, $5, '{"en": "approved"}', $6, now(), now())`,
    [templateId, org, name, JSON.stringify({ en: body }), ['firstName', 'planName'], sub],
  );
  await client.query('analyze notifications.member_copies');
  await client.query('analyze notifications.marketing_consent');
  const approved = (await (await fetch(`http://127.0.0.1:${WHATSAPP_PORT}/templates`)).json()) as { templates: unknown[] };
  const res = await fetch(`http://127.0.0.1:${WHATSAPP_PORT}/control/templates`, {
    method: 'POST',
    // The platform knows a gym's template by its name suffixed with the organization (audience's whatsAppTemplateName).
    body: JSON.stringify({ templates: [...approved.templates, { name: whatsAppTemplateName(org, name), language: 'en', category: 'marketing', body }] }),
  });
  if (!res.ok) throw new Error(`the stand-in refused the template: ${res.status}`);
  console.error(`[bench] ${MEMBERS} members with consent and the template written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { templateId };
};

const statuses = async (client: pg.Client, campaignId: string) => {
  const rows = (
    await client.query<{ status: string; n: string }>(
      `select status, count(*) as n from notifications.outbound_messages where campaign_id = $1 group by status`,
      [campaignId],
    )
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
};

const perMessage = (cores: Cores, idle: Cores | undefined, seconds: number, n: number) =>
  [...cores.entries()]
    .filter(([kind, c]) => c.cores >= 0.01 && kind !== 'other' && c.cores - (idle?.get(kind)?.cores ?? 0) >= 0.005)
    .sort((a, b) => b[1].cores - a[1].cores)
    .map(([kind, c]) => {
      const us = (x: number) => ((x * 1e6 * seconds) / n).toFixed(0);
      const net = c.cores - (idle?.get(kind)?.cores ?? 0);
      return `${kind} ${us(net)} µs (${us(c.cores)} before the idle share is taken off; ${us(c.sys)} in the kernel)`;
    })
    .join(', ');

export async function main(root: string): Promise<void> {
  const loadBefore = load();
  const { infra, stack } = await startBenchStack({
    root,
    name: 'campaign',
    database: DATABASE,
    smtp: SMTP,
    portOffset: PORT_OFFSET,
    gatewayPort: GATEWAY_PORT,
    namespace: 'bench',
    whatsapp: { port: WHATSAPP_PORT },
  });
  const lines: string[] = [];
  const client = new pg.Client({ connectionString: infra.databaseUrl });
  await client.connect();
  try {
    const base = stack.gatewayUrl;
    const owner = await registerBenchGym(base);
    const { templateId } = await seed(client, owner);
    const segment = { audience: 'members' };
    const count = await call<{ data: { total: number; reachable: number } }>(
      base,
      'POST',
      '/notifications/campaigns/segments/count',
      { segment, channel: 'whatsapp' },
      owner,
    );
    if (count.status !== 200 || count.json.data.reachable !== MEMBERS) throw new Error(`segment count: ${count.status} ${JSON.stringify(count.json)}`);

    await sleep(3_000);
    const idleBefore = snapshot(root);
    await sleep(IDLE_S * 1000);
    const idle = coresByKind(idleBefore, snapshot(root));

    const loadAtRun = load();
    const cpuBefore = snapshot(root);
    const t0 = performance.now();
    const created = await call(
      base,
      'POST',
      '/notifications/campaigns',
      { name: 'Bench offer', segment, channel: 'whatsapp', templateId, ratePerMinute: RATE },
      owner,
    );
    const queueMs = performance.now() - t0;
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.json)}`);
    const campaign = ok(Campaign).parse(created.json).data;

    let sentMs = NaN;
    let deliveredMs = NaN;
    let last: Record<string, number> = {};
    while (performance.now() - t0 < CAP_MS) {
      last = await statuses(client, campaign._id);
      const gone = (last.sent ?? 0) + (last.delivered ?? 0) + (last.read ?? 0);
      const done = gone + (last.failed ?? 0) + (last.cancelled ?? 0);
      if (Number.isNaN(sentMs) && done >= campaign.counts.recipients) sentMs = performance.now() - t0;
      if ((last.delivered ?? 0) + (last.read ?? 0) + (last.failed ?? 0) >= campaign.counts.recipients) {
        deliveredMs = performance.now() - t0;
        break;
      }
      await sleep(100);
    }
    const cores = coresByKind(cpuBefore, snapshot(root));
    const seconds = (performance.now() - t0) / 1000;
    const sendSeconds = (sentMs - queueMs) / 1000;
    const total = campaign.counts.recipients;
    lines.push(
      '',
      `npm run bench:campaign — a marketing WhatsApp-template campaign to ${MEMBERS} members (all with WhatsApp marketing consent) of one gym, ` +
        `at ${RATE} messages a minute, through the WhatsApp Cloud API stand-in (its sent + delivered callbacks posted to the webhook through the gateway); ` +
        `NODE_ENV=production LOG_LEVEL=info; notifications 1 instance (sender batch/concurrency: its defaults)`,
      `  load average (1/5/15 min) before setup ${loadBefore}; at the run ${loadAtRun}; after ${load()}`,
      `  time to queue (POST /api/notifications/campaigns, send now: segment resolved, ${total} outbound rows written, answered): ${(queueMs / 1000).toFixed(2)} s ` +
        `(${((total / queueMs) * 1000).toFixed(0)} recipients/s)`,
      `  time to send all (created → every message answered by the provider): ${(sentMs / 1000).toFixed(2)} s from the create, ${sendSeconds.toFixed(2)} s after it answered ` +
        `→ ${(total / sendSeconds).toFixed(0)} messages/s (${((total / sentMs) * 1000).toFixed(0)} messages/s including the queueing)`,
      `  time until every delivered callback was recorded: ${(deliveredMs / 1000).toFixed(2)} s; final statuses ${JSON.stringify(last)}`,
      ...(cores
        ? [
            `  CPU per message over the run (${seconds.toFixed(1)} s: queue, send, callbacks; net of each process's idle share; the stand-in runs in the bench process): ${perMessage(cores, idle, seconds, total)}`,
            ...(idle ? [`  idle (${IDLE_S} s before the run): ${describeShare(idle)}`] : []),
            `  during the run: ${describeShare(cores)}`,
          ]
        : ['  CPU per message: /proc not readable here']),
      '',
    );
  } finally {
    await client.end();
    await stack.stop();
    await infra.stop();
  }
  console.log(lines.join('\n'));
}
