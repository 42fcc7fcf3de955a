import { bootServiceForTest } from '@akhada/kit/testing';
import type { EventEnvelope } from '@akhada/contracts';
import type { EventHandler } from '@akhada/kit';
import type { AppDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { leadCopyHandlers, onMemberCheckedIn, orgBrandHandlers } from '../src/consumers/audience-facts.ts';
import { memberCopyHandlers } from '../src/consumers/member-copies.ts';
import { migrations } from '../src/db/migrations.ts';
import type { NotificationsDb } from '../src/db/schema.ts';

type Extra = Omit<AppDeps, 'logger' | 'verifier' | 'readiness' | 'directory' | 'db' | 'clock'>;

/**
 * One notifications service for an audience test file (the kit's harness, database only): the app for inject(), a
 * settable clock, directory rows, and `feed(env)`, which runs the consumers' handler of an event in a transaction as the
 * inbox would (members', attendance's and enquiries' events that keep the audience facts).
 */
export const bootAudience = async (prefix: string, extra: (ctx: { clock: () => Date }) => Extra = () => ({})) => {
  const t = await bootServiceForTest<NotificationsDb, Pick<AppDeps, 'db' | 'clock'> & Extra, ReturnType<typeof buildApp>, false>({
    name: 'notifications',
    prefix,
    migrations,
    kafka: false,
    now: '2030-03-11T04:30:00.000Z',
    deps: ({ db, clock }) => ({ db, clock, ...extra({ clock }) }),
    buildApp,
  });
  const handlers: EventHandler<NotificationsDb>[] = [...memberCopyHandlers, ...leadCopyHandlers, onMemberCheckedIn, ...orgBrandHandlers];
  const feed = async (env: EventEnvelope<unknown>) => {
    const h = handlers.find((x) => x.type === env.type);
    if (!h) throw new Error(`no handler for ${env.type}`);
    await t.db.transaction().execute((trx) => h.handle(trx, JSON.parse(JSON.stringify(env)) as EventEnvelope<unknown>));
  };
  const org = (orgId: string, locations: string[]) =>
    t.seed({
      orgs: [{ orgId, plan: 'basic', trialEndsAt: null }],
      locations: locations.map((locationId, i) => ({ locationId, orgId, name: `Branch ${i + 1}` })),
    });
  const call = async (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: res.json() as { data?: unknown; code?: string; message?: string } & Record<string, unknown> };
  };
  return { ...t, feed, org, call };
};
