import { createSecretBox } from '@akhada/kit';
import { localStorage } from '@akhada/kit/storage';
import { bootServiceForTest } from '@akhada/kit/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomJoinCode } from '../src/adapters/join-codes.ts';
import { createArgon2Hasher } from '../src/adapters/password-hasher.ts';
import { loadSigningKeys, type SigningKeys } from '../src/adapters/signing-keys.ts';
import { createAuthVerifier } from '../src/adapters/token-verifier.ts';
import { introspectApiKey } from '../src/app/api-keys.ts';
import { startNotifyWorker, type NotifyWorker } from '../src/adapters/notify-worker.ts';
import type { AuthDeps } from '../src/app/deps.ts';
import { sendDueInvitationMails } from '../src/app/send-invitation-mails.ts';
import { sendDueResetMails } from '../src/app/send-reset-mails.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import { invitationMailsChannel } from '../src/db/invitation-mails-repo.ts';
import { resetMailsChannel } from '../src/db/password-reset-mails-repo.ts';
import type { AuthDb } from '../src/db/schema.ts';

/**
 * The auth service as main.ts wires it, through the kit's harness (a fresh schema, the real Kafka, `app.inject()`):
 * its own verifier of its signing keys (auth issues the tokens, so tests sign in rather than `sign`), the mail senders
 * running, and the given dependencies replaced (a fake mailer, a movable clock…).
 */
export const startAuth = async (overrides: Partial<Omit<AuthDeps, 'db' | 'keys' | 'logger'>> = {}, { sendTimeoutMs }: { sendTimeoutMs?: number } = {}) => {
  let keys: SigningKeys | undefined;
  let introspectDeps: AuthDeps | undefined;
  let startResetMailSender!: () => NotifyWorker;
  let resetMails!: NotifyWorker;
  let invitationMails!: NotifyWorker;
  const t = await bootServiceForTest<AuthDb, AuthDeps, ReturnType<typeof buildApp>>({
    name: 'auth',
    migrations,
    verifier: (revocations) =>
      createAuthVerifier(
        () => keys!.keySet,
        revocations,
        () => (secret) => introspectApiKey(introspectDeps!, secret),
      ),
    deps: async ({ db, logger, schema, runtime, onClose }) => {
      keys = await loadSigningKeys(db);
      const deps: AuthDeps = {
        db,
        keys,
        logger,
        clock: () => new Date(),
        passwords: createArgon2Hasher(),
        secrets: createSecretBox('test-secrets-key-0123456789'),
        newJoinCode: randomJoinCode,
        mailer: { send: async () => {} },
        appUrl: 'http://localhost:8080',
        storage: localStorage(join(tmpdir(), `akhada-auth-files-${schema}`)),
        ...overrides,
      };
      introspectDeps = deps;
      const sender = (channel: string, work: typeof sendDueResetMails) => () => {
        const worker = startNotifyWorker({
          pool: runtime!.dbh.pool,
          channel,
          pollMs: 200,
          logger,
          work: (isStopped) => work(deps, { isStopped, ...(sendTimeoutMs ? { sendTimeoutMs } : {}) }),
        });
        onClose(() => worker.stop());
        return worker;
      };
      // The background senders of password reset and invitation mails, as main.ts starts them; `startResetMailSender`
      // starts another on the same schema, like a second instance of the service would run.
      startResetMailSender = sender(resetMailsChannel(schema), sendDueResetMails);
      resetMails = startResetMailSender();
      invitationMails = sender(invitationMailsChannel(schema), sendDueInvitationMails)();
      return deps;
    },
    buildApp,
  });
  return { ...t, keys: keys!, resetMails, invitationMails, startResetMailSender };
};

export type TestAuth = Awaited<ReturnType<typeof startAuth>>;

/** The body of a registration that joins an existing gym (role member or trainer), with the fields a test cares about. */
export const joinBody = (fields: { firstName: string; email: string; password: string; role: 'member' | 'trainer'; gymCode?: string }) => ({
  lastName: 'K',
  phone: '9876543210',
  ...fields,
});
