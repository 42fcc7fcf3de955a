import type { MemberCopy, TrainerCopy } from '@akhada/contracts';
import type { JWTVerifyGetKey } from 'jose';
import type { AddressInfo } from 'node:net';

/** A person the stub owner holds, with the organization it belongs to (what the real owner's tables say). */
type Held<T> = T & { orgId: string };

/**
 * A stand-in for the owners of people (members and trainers) in a service's integration tests: the real contract
 * routes (`GET /members/:id/copy`, `GET /trainers/:id/copy`) on a real port, the caller's forwarded token verified with
 * the test keys, and each read scoped as the owners do (the token's organization and locations; 404 otherwise).
 * `members` / `trainers` are what the owner "has just created"; `calls` counts the reads it answered.
 */
export const startPeopleOwnerStub = async (keys: JWTVerifyGetKey) => {
  const [{ memberRoutes, trainersRoutes }, { createService, addRoute }, { createTokenVerifier }, { createLogger }, { notFound }] = await Promise.all([
    import('@akhada/contracts'),
    import('../http/create-service.ts'),
    import('../auth/verifier.ts'),
    import('../logger.ts'),
    import('../errors.ts'),
  ]);
  const members = new Map<string, Held<MemberCopy>>();
  const trainers = new Map<string, Held<TrainerCopy>>();
  const calls = { members: 0, trainers: 0 };
  /** While set, every read waits on it (a slow owner). */
  const slow: { until?: Promise<void> } = {};
  const svc = createService({ name: 'people-owner-stub', logger: createLogger('people-owner-stub', 'silent'), verifier: createTokenVerifier({ keys }) });
  const visible = <T extends { locationId: string }>(held: Held<T> | undefined, ctx: { orgId: string; locationIds: string[] }): T => {
    if (!held || held.orgId !== ctx.orgId || !ctx.locationIds.includes(held.locationId)) throw notFound('Person');
    const { orgId: _org, ...person } = held;
    return person as unknown as T;
  };
  addRoute(svc, memberRoutes.copy, async ({ params, ctx }) => {
    calls.members++;
    await slow.until;
    return { success: true as const, data: visible<MemberCopy>(members.get(params.id), ctx) };
  });
  addRoute(svc, trainersRoutes.copy, async ({ params, ctx }) => {
    calls.trainers++;
    await slow.until;
    return { success: true as const, data: visible<TrainerCopy>(trainers.get(params.id), ctx) };
  });
  await svc.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(svc.app.server.address() as AddressInfo).port}`;
  return { url, members, trainers, calls, slow, close: () => svc.app.close() };
};
