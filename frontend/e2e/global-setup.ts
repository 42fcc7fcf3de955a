// Browser and system tests run against the real product: every service as its own process plus the gateway, on test
// ports, with a fresh database, the real Kafka broker and the SMTP sink. A small control endpoint lets the fault test
// kill and restart a service.
import type { ServiceName } from '@akhada/contracts';
import { provision, startStack } from '@akhada/infra/dev';
import { seedDemo } from '@akhada/infra/seed';
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { E2E } from './e2e-ports.ts';

export { E2E };

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayUrl: string;
    controlUrl: string;
    mailUrl: string;
    /** The broker the stack uses (its topics and groups under the `e2e` namespace). */
    kafkaBrokers: string[];
    /** The stack's database (akhada_e2e): the chaos system test's checker reads the services' own tables there. */
    databaseUrl: string;
    /** The Razorpay stand-in the stack runs (its /__standin/* controls: webhooks held, dropped, redelivered). */
    razorpayUrl: string;
    /** The payments service's test-only pause file (the autopay fault test; services/payments/src/adapters/webhook-pause.ts). */
    autopayPauseFile: string;
  }
}

export default async function setup(project: TestProject) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  if (!existsSync(path.join(root, 'frontend', 'dist', 'index.html')) || !existsSync(path.join(root, 'frontend', 'dist-ssr', 'landing-snapshot.js'))) {
    throw new Error('frontend/dist or dist-ssr is missing: the browser tests run against the production build. Run `npm test` (it builds first).');
  }
  // Its own topics and consumer groups, so a development stack on the same broker never mixes with the test stack.
  process.env.AKHADA_TOPIC_NAMESPACE = 'e2e';
  const infra = await provision({
    root,
    database: 'akhada_e2e',
    fresh: true,
    smtp: { smtpPort: E2E.smtpPort, httpPort: E2E.mailHttpPort },
    whatsapp: { port: E2E.whatsappPort },
  });
  // Test only: the autopay fault test pauses a charge webhook in payments by naming its subscription in this file.
  const autopayPauseFile = path.join(os.tmpdir(), `akhada-e2e-autopay-pause-${process.pid}`);
  const stack = await startStack({
    root,
    databaseUrl: infra.databaseUrl,
    brokers: infra.brokers,
    portOffset: E2E.portOffset,
    gatewayPort: E2E.gatewayPort,
    smtpPort: E2E.smtpPort,
    whatsappPort: E2E.whatsappPort,
    appUrl: `http://127.0.0.1:${E2E.gatewayPort}`,
    logLevel: 'warn',
    // The suite signs in many times from one address; production limits stay as they are.
    // The expiry job every 5 s (production: a minute), so the demo's lapsed memberships are expired before any test.
    env: {
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      RATE_LIMIT_PER_MINUTE: '100000',
      EXPIRY_INTERVAL_MS: '5000',
      AUTOPAY_WEBHOOK_PAUSE_FILE: autopayPauseFile,
    },
    // Attendance scales out: two instances behind the gateway (the scale-out system test kills one of them).
    instances: { attendance: 2 },
  });
  try {
    await seedDemo(stack.gatewayUrl, () => undefined);
    await lapsedMembershipsExpired(infra.databaseUrl);
  } catch (err) {
    await stack.stop();
    await infra.stop();
    throw err;
  }

  // POST /kill/<service>, /start/<service> (every instance), /kill/<service>/<index>, /start/<service>/<index> (one);
  // a service killed here stays down until started here. GET /instances/<service>: its instances' ports, ops ports,
  // instance ids, process ids, states and restart counts. A process killed behind the stack's back (`process.kill(pid)`,
  // as a crash would) is started again by the supervisor (infra/test/restart.spec.ts).
  const control = http.createServer((req, res) => {
    const listing = /^\/instances\/([a-z]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && listing && stack.services.includes(listing[1] as ServiceName)) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stack.instances(listing[1] as ServiceName)));
      return;
    }
    const m = /^\/(kill|start)\/([a-z]+)(?:\/(\d))?$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m || !stack.services.includes(m[2] as ServiceName)) {
      res.writeHead(404).end();
      return;
    }
    const service = m[2] as ServiceName;
    const index = m[3] === undefined ? undefined : Number(m[3]);
    const action =
      index === undefined
        ? m[1] === 'kill'
          ? stack.kill(service)
          : stack.start(service)
        : m[1] === 'kill'
          ? stack.killInstance(service, index)
          : stack.startInstance(service, index);
    action.then(
      () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
      (err: Error) => res.writeHead(500).end(err.message),
    );
  });
  await new Promise<void>((resolve) => control.listen(E2E.controlPort, '127.0.0.1', resolve));

  project.provide('gatewayUrl', stack.gatewayUrl);
  project.provide('controlUrl', `http://127.0.0.1:${E2E.controlPort}`);
  project.provide('mailUrl', `http://127.0.0.1:${E2E.mailHttpPort}`);
  project.provide('kafkaBrokers', infra.brokers);
  project.provide('databaseUrl', infra.databaseUrl);
  project.provide('razorpayUrl', stack.razorpayUrl ?? '');
  project.provide('autopayPauseFile', autopayPauseFile);

  return async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await stack.stop();
    await infra.stop();
  };
}

/**
 * The demo seeds members whose term ended a month ago; the members service's expiry job marks them expired on its
 * next tick, and every service projects that. Tests start once it has happened: the guards, which watch the database
 * for writes, would otherwise see the job's (and the consumers') writes land in the middle of a test.
 */
async function lapsedMembershipsExpired(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      // A day's margin: the job reads each location's calendar, this reads the server's.
      const { rows } = await client.query<{ n: string }>(
        `select count(*) as n from members.members where membership_status = 'active' and end_date < current_date - 1`,
      );
      if (Number(rows[0]?.n) === 0) return;
      if (Date.now() > deadline) throw new Error(`the members expiry job left ${rows[0]?.n} lapsed memberships active for 60 s after the seed`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.end();
  }
}
