import { topicOf, topicSpecs, type ServiceName } from '@akhada/contracts';
import { createEventBus, type EventBus } from '@akhada/kit';
import { bootServiceForTest, type TestServiceContext } from '@akhada/kit/testing';
import type { AppDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { startConsumers, type ConsumerOptions } from '../src/consumers/start-consumers.ts';
import { migrations } from '../src/db/migrations.ts';
import type { NotificationsDb } from '../src/db/schema.ts';
import { attachHub } from '../src/hub/attach-hub.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

type Groups = keyof NonNullable<ConsumerOptions['groups']>;
type Ctx = TestServiceContext<NotificationsDb>;

export interface NotificationsTestOptions {
  /** The service's clock instead of the harness's settable one. */
  clock?: () => Date;
  /** WhatsApp's webhook and Settings → Integrations, made once the schema is migrated (they may need the database). */
  app?: (ctx: Ctx) => Pick<AppDeps, 'whatsapp' | 'integrations'> | Promise<Pick<AppDeps, 'whatsapp' | 'integrations'>>;
  /** The topics the test's producer makes sure exist (before the consumers join them). */
  topics?: ServiceName[];
  /** The service's consumer groups to start, from the end of their topics, in groups named after the schema. */
  consumers?: Groups[];
  /** The real-time hub on the app: 'presence' records open sockets in the database, 'plain' does not. */
  hub?: 'plain' | 'presence';
  /** Listen on a free port of 127.0.0.1 (sockets, a stand-in calling the webhook); `baseUrl` is where. */
  listen?: boolean;
}

/**
 * One notifications service for a test file (the kit's harness). Without `topics` and `consumers`, only the database (no
 * Kafka); with them, the runtime, a producer of the test's own (another service's events) and the consumer groups asked
 * for, whose groups the harness deletes on close.
 */
export const bootNotifications = async (prefix: string, o: NotificationsTestOptions = {}) => {
  let producer: EventBus | undefined;
  const kafka = Boolean(o.topics?.length || o.consumers?.length || o.hub);
  let ctx: Ctx | undefined;
  const t = await bootServiceForTest<NotificationsDb, Omit<AppDeps, 'logger' | 'verifier' | 'readiness' | 'directory'>, ReturnType<typeof buildApp>, boolean>({
    name: 'notifications',
    prefix,
    migrations,
    kafka,
    deleteGroups: kafka,
    deps: async (c) => {
      ctx = c;
      if (c.runtime) {
        const { bus } = c.runtime;
        const made = createEventBus({ clientId: `test-producer-${c.schema}`, brokers: c.brokers, logger: c.logger });
        producer = made;
        c.onClose(() => made.disconnect());
        if (o.topics?.length) await made.ensureTopics(topicSpecs().filter((s) => o.topics!.some((name) => topicOf(name) === s.topic)));
        if (o.consumers?.length) {
          const groups = Object.fromEntries(o.consumers.map((g) => [g, `${c.schema}.${g}`]));
          const running = await startConsumers({ bus, db: c.db, logger: c.logger, groups, startAt: 'now' });
          c.onClose(async () => {
            for (const r of running) await r.stop();
          });
        }
      }
      return { db: c.db, clock: o.clock ?? c.clock, ...(await o.app?.(c)) };
    },
    buildApp,
    prepare: async (app, deps) => {
      const runtime = ctx?.runtime;
      if (o.hub && runtime)
        await attachHub({
          app,
          bus: runtime.bus,
          verifier: deps.verifier,
          revocations: runtime.revocations,
          logger: deps.logger,
          instanceId: `test-${ctx!.schema}`,
          ...(o.hub === 'presence' ? { db: deps.db } : {}),
        });
    },
  });
  let baseUrl = '';
  if (o.listen) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }
  return {
    ...t,
    baseUrl,
    /** The test's own producer (another service publishing), when booted with Kafka. */
    get producer(): EventBus {
      if (!producer) throw new Error('bootNotifications: no producer without topics, consumers or the hub');
      return producer;
    },
  };
};
