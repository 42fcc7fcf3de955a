import { createSecretBox } from '@akhada/kit';
import { BaseConfig, bootRuntime, type App, type Runtime } from '@akhada/kit';
import { dropSchema, testInfra, uniqueSchema } from '@akhada/kit/testing';
import { localStorage } from '@akhada/kit/storage';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomJoinCode } from '../src/adapters/join-codes.ts';
import { createArgon2Hasher } from '../src/adapters/password-hasher.ts';
import { loadSigningKeys, type SigningKeys } from '../src/adapters/signing-keys.ts';
import { createAuthVerifier } from '../src/adapters/token-verifier.ts';
import { startNotifyWorker, type NotifyWorker } from '../src/adapters/notify-worker.ts';
import type { AuthDeps } from '../src/app/deps.ts';
import { sendDueInvitationMails } from '../src/app/send-invitation-mails.ts';
import { sendDueResetMails } from '../src/app/send-reset-mails.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import { invitationMailsChannel } from '../src/db/invitation-mails-repo.ts';
import { resetMailsChannel } from '../src/db/password-reset-mails-repo.ts';
import type { AuthDb } from '../src/db/schema.ts';

export interface TestAuth {
  runtime: Runtime<AuthDb>;
  app: App;
  keys: SigningKeys;
  deps: AuthDeps;
  /** The background sender of password reset mails, as main.ts starts it. */
  resetMails: NotifyWorker;
  /** The background sender of invitation mails, as main.ts starts it. */
  invitationMails: NotifyWorker;
  /** Another sender on the same schema, like a second instance of the service would run. */
  startResetMailSender(): NotifyWorker;
  close(): Promise<void>;
}

/**
 * The auth service as main.ts wires it, on a fresh schema of the test database and the real Kafka, with the given
 * dependencies replaced (a fake mailer, a movable clock…). Not listening: tests call `app.inject()`.
 */
export const startAuth = async (
  overrides: Partial<Omit<AuthDeps, 'db' | 'keys' | 'logger'>> = {},
  { sendTimeoutMs }: { sendTimeoutMs?: number } = {},
): Promise<TestAuth> => {
  const infra = await testInfra();
  const schema = uniqueSchema('auth');
  const config = BaseConfig.parse({
    DATABASE_URL: infra.databaseUrl,
    KAFKA_BROKERS: infra.brokers.join(','),
    LOG_LEVEL: 'warn',
    INSTANCE_ID: `test-${randomUUID().slice(0, 8)}`,
  });
  let k: SigningKeys | undefined;
  const runtime = await bootRuntime<AuthDb>({ name: 'auth', schema, config, migrations, verifier: (rev) => createAuthVerifier(() => k!.keySet, rev) });
  const keys = (k = await loadSigningKeys(runtime.dbh.db));
  const deps: AuthDeps = {
    db: runtime.dbh.db,
    keys,
    logger: runtime.logger,
    clock: () => new Date(),
    passwords: createArgon2Hasher(),
    secrets: createSecretBox('test-secrets-key-0123456789'),
    newJoinCode: randomJoinCode,
    mailer: { send: async () => {} },
    appUrl: 'http://localhost:8080',
    storage: localStorage(join(tmpdir(), `akhada-auth-files-${schema}`)),
    ...overrides,
  };
  const app = buildApp({ ...deps, verifier: runtime.verifier, readiness: runtime.readiness });
  await app.ready();
  const senders: NotifyWorker[] = [];
  const startResetMailSender = () => {
    const worker = startNotifyWorker({
      pool: runtime.dbh.pool,
      channel: resetMailsChannel(runtime.dbh.schema),
      pollMs: 200,
      logger: runtime.logger,
      work: (isStopped) => sendDueResetMails(deps, { isStopped, ...(sendTimeoutMs ? { sendTimeoutMs } : {}) }),
    });
    senders.push(worker);
    return worker;
  };
  const resetMails = startResetMailSender();
  const invitationMails = startNotifyWorker({
    pool: runtime.dbh.pool,
    channel: invitationMailsChannel(runtime.dbh.schema),
    pollMs: 200,
    logger: runtime.logger,
    work: (isStopped) => sendDueInvitationMails(deps, { isStopped, ...(sendTimeoutMs ? { sendTimeoutMs } : {}) }),
  });
  senders.push(invitationMails);
  return {
    runtime,
    app,
    keys,
    deps,
    resetMails,
    invitationMails,
    startResetMailSender,
    async close() {
      await app.close();
      for (const sender of senders) await sender.stop();
      for (const close of runtime.closers) await close();
      await dropSchema(infra.databaseUrl, schema);
    },
  };
};

/** The body of a registration that joins an existing gym (role member or trainer), with the fields a test cares about. */
export const joinBody = (fields: { firstName: string; email: string; password: string; role: 'member' | 'trainer'; gymCode?: string }) => ({
  lastName: 'K',
  phone: '9876543210',
  ...fields,
});
