// The standing bad-input guard (issue 8): every route of the contracts, through the gateway, against the real stack.
// For each field of each route, one field of a valid request is broken in one way (missing, wrong type, empty, huge,
// NUL, control and bidi characters, out-of-range dates and numbers, invalid ids); for each route, broken JSON, wrong
// content types and oversize bodies. It fails on any 5xx or dropped connection, any error answer without the standard
// body `{ success: false, message, error, code, requestId }`, and any write to the database. A new route is covered by
// being in `allRouteContracts`. `npm test` sends a sample of each route's cases chosen by a seed that changes per run
// (printed first; see guard/sampling.ts), `npm run test:full` every case.
import { allRouteContracts, type RegisteredRoute, type Role } from '@akhada/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Api, PASSWORD, type Actor, type Gym } from './guard/actors.ts';
import { badCases, framingCases } from './guard/bad-cases.ts';
import { DbWatch, EXCLUDED_TABLES, IGNORED_COLUMNS, type Snapshot } from './guard/db-watch.ts';
import { exchange, mapLimit, rawClient, rawSocket, type RawResponse } from './guard/http.ts';
import { describeSampling, guardSampling, sampleCases } from './guard/sampling.ts';
import { answerProblem, excerpt, histogram, printFailures, type Failure } from './guard/verdict.ts';

/** Bad requests leave from their own loopback address, so the throttles they trip (sign-in, contact) stay theirs. */
const GUARD_ADDRESS = '127.0.0.2';
const CONCURRENCY = 8;
/** The most powerful listed role calls the route: it reaches the deepest code. */
const ROLE_ORDER: Role[] = ['owner', 'admin', 'trainer', 'member'];

const origin = inject('gatewayUrl');
const api = new Api(origin);
const client = rawClient(origin, { localAddress: GUARD_ADDRESS });
const db = new DbWatch();
const sampling = guardSampling();

const failures: Failure[] = [];
const accepted: string[] = [];
const statuses: number[] = [];
/**
 * Callers, each in a gym of its own. Every write route of auth has its own: what one route's accepted bad input does
 * there (a changed password, an ended session, two-factor turned on) cannot hide another route's cases. The write
 * routes of any other service share a caller per service and role: they cannot touch the caller's sign-in, and what
 * one of them writes is still found, since the database is compared after each route (202 gyms made 65: the set-up
 * took half of this file's time). A GET changes nothing (a GET that writes or ends the session fails its own route), so
 * the GET routes of one service share a caller per role.
 */
const callers = new Map<string, Actor>();
let guests: Gym;
let atRest: Snapshot;
let previous: Snapshot;
let t0 = 0;
/** When the callers signed in. Access tokens live 15 minutes (auth's ACCESS_TOKEN_TTL_SECONDS). */
let signedInAt = 0;
/** Writes found at a renewal's checkpoint (see renewSessionsIfOld). */
const checkpointWrites: string[] = [];
/** Time spent reading the database after each route (for the summary: where the guard's minutes go). */
let snapshotMs = 0;
let framingSent = 0;
let exchanged = 0;

const callerRole = (r: RegisteredRoute): Role | undefined => (r.contract.auth ? ROLE_ORDER.find((role) => r.contract.roles?.includes(role)) : undefined);
const callerKey = (r: RegisteredRoute): string =>
  r.contract.method === 'GET' ? `GET ${r.service} ${callerRole(r)}` : r.service === 'auth' ? r.name : `write ${r.service} ${callerRole(r)}`;

beforeAll(async () => {
  console.log(`bad-input guard: sends ${describeSampling(sampling)}`);
  guests = await api.newGym('guests');
  const needed = new Map(allRouteContracts.filter((r) => r.contract.auth).map((r) => [callerKey(r), callerRole(r)!] as const));
  await mapLimit([...needed], 4, async ([key, role]) => {
    const gym = await api.newGym(key.replace(/\W/g, '-'));
    callers.set(key, role === 'owner' ? gym.owner : (await api.withAllRoles(gym)).roles[role]);
  });
  signedInAt = Date.now();
  atRest = await db.settled();
  previous = atRest;
  t0 = Date.now();
});

/**
 * A long sweep (`npm run test:full` on a busy machine takes longer than a token lives) signs its callers in again after
 * 10 minutes, between two routes. Signing in writes (sessions), so it happens at a checkpoint: the stack at rest is
 * compared with the baseline first (what the routes so far wrote is reported), then the sessions are renewed and the
 * stack at rest after it is the new baseline.
 */
const renewSessionsIfOld = async () => {
  if (Date.now() - signedInAt < 10 * 60_000) return;
  const changes = DbWatch.diff(atRest, await db.settled());
  if (changes.length) checkpointWrites.push(DbWatch.describe(changes));
  await mapLimit([...callers], 4, async ([name, actor]) => callers.set(name, await api.signIn(actor)));
  signedInAt = Date.now();
  atRest = await db.settled();
  previous = atRest;
  console.log(`bad-input guard: signed the callers in again after ${((Date.now() - t0) / 60_000).toFixed(1)} min (tokens live 15 min)`);
};

afterAll(async () => {
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(
    [
      `bad-input guard (${describeSampling(sampling)}): ${client.count + exchanged + framingSent} requests (${client.count} + ${exchanged} broken bodies and the follow-ups on their connections + ${framingSent} raw framing) to ${allRouteContracts.length} routes in ${seconds} s (concurrency ${CONCURRENCY}; ${callers.size} callers; ${(snapshotMs / 1000).toFixed(1)} s of it reading the database after each route); answers ${histogram(statuses)}`,
      `tables left out of the write check: ${EXCLUDED_TABLES.map((e) => `${e.match} (${e.why})`).join('; ')}`,
      `columns left out of the write check: ${IGNORED_COLUMNS.map((e) => `${e.match} ${e.columns.join(', ')} (${e.why})`).join('; ')}`,
      `bad values answered 2xx (harmless unless they wrote): ${accepted.length}${accepted.length ? `\n  ${accepted.join('\n  ')}` : ''}`,
      printFailures('bad-input guard', failures),
    ].join('\n'),
  );
  client.close();
  api.close();
  await db.close();
});

describe('bad input through the gateway: never a 5xx, always the error body, never a write', () => {
  for (const r of allRouteContracts) {
    it(`${r.name} (${r.contract.method} ${r.contract.path})`, async () => {
      await renewSessionsIfOld();
      const caller = r.contract.auth ? callers.get(callerKey(r)) : undefined;
      const ctx = caller
        ? { locationId: caller.locationIds[0]!, joinCode: guests.joinCode, currentPassword: caller.password }
        : { locationId: guests.locationId, joinCode: guests.joinCode, currentPassword: PASSWORD };
      const cases = sampleCases(badCases(r, ctx), sampling);
      const mine: Failure[] = [];
      const ok: string[] = [];
      await mapLimit(cases, CONCURRENCY, async (c) => {
        const token = caller ? { token: caller.token } : {};
        const record = (res: RawResponse) => {
          statuses.push(res.status);
          const problem = answerProblem(res);
          if (problem) mine.push({ route: r.name, part: c.part, field: c.field, kind: c.kind, status: res.status, problem, excerpt: excerpt(res.text) });
          else if (res.status < 300) ok.push(`${r.name} | ${c.part} ${c.field} | ${c.kind} | ${res.status}`);
        };
        const req = {
          method: c.method,
          path: c.path,
          headers: c.headers,
          ...(c.body !== undefined ? { body: c.body } : {}),
          ...(c.chunked ? { chunked: true } : {}),
          ...token,
        };
        if (!(c.part === 'request' && c.body !== undefined)) return record(await client.send(req));
        // A broken body goes on a connection of its own, and the next request on that connection must still be
        // answered, as a browser reusing the keep-alive connection would expect.
        const next = { method: 'GET', path: caller ? '/api/auth/me' : '/api/public/landing', ...token };
        const x = await exchange(origin, req, next, { localAddress: GUARD_ADDRESS });
        exchanged += x.next ? 2 : 1;
        record(x.first);
        if (x.first.upload === 'stuck') {
          const problem = 'answered, then neither read the rest of the body nor closed the connection (a client reusing it waits for ever)';
          mine.push({
            route: r.name,
            part: c.part,
            field: c.field,
            kind: `${c.kind}, then the rest of the body`,
            status: x.first.status,
            problem,
            excerpt: `connection: ${String(x.first.headers.connection)}`,
          });
        } else if (x.next && x.next.status !== 200) {
          const problem = `the connection was left unusable: ${answerProblem(x.next) ?? `answered ${x.next.status}`}`;
          mine.push({
            route: r.name,
            part: c.part,
            field: c.field,
            kind: `${c.kind}, then the next request on the same connection`,
            status: x.next.status,
            problem,
            excerpt: excerpt(x.next.text),
          });
        }
      });
      accepted.push(...ok);

      // Writes show at once in the service's own tables (each service writes only its own schema), so those are read
      // after each route; effects through Kafka may land under a later route of their service, and the final check at
      // rest reads every table in any case.
      const s0 = Date.now();
      const now = await db.snapshot([r.service]);
      snapshotMs += Date.now() - s0;
      const writes = DbWatch.diff(new Map([...previous].filter(([table]) => now.has(table))), now);
      previous = new Map([...previous, ...now]);
      if (writes.length) {
        mine.push({
          route: r.name,
          part: '-',
          field: '-',
          kind: 'write',
          status: 0,
          problem: `wrote ${DbWatch.describe(writes)}`,
          excerpt: ok.length ? `answered 2xx: ${ok.map((x) => x.split(' | ').slice(1, 3).join(' ')).join(', ')}` : '',
        });
      }
      if (caller) {
        const me = await api.call('GET', '/auth/me', undefined, caller.token);
        if (me.status !== 200)
          mine.push({
            route: r.name,
            part: '-',
            field: '-',
            kind: 'session',
            status: me.status,
            problem: 'the caller’s session ended during the bad input',
            excerpt: excerpt(me.text),
          });
      }
      failures.push(...mine);
      expect(mine.length, printFailures(r.name, mine)).toBe(0);
    });
  }

  it('HTTP framing refused before any route (header too large, malformed chunks, …) still gets the error body', async () => {
    const mine: Failure[] = [];
    for (const f of framingCases(new URL(origin).host)) {
      const res = await rawSocket(origin, f.bytes, { localAddress: GUARD_ADDRESS });
      framingSent++;
      statuses.push(res.status);
      const problem = answerProblem(res);
      if (problem) mine.push({ route: 'http', part: 'request', field: '-', kind: f.kind, status: res.status, problem, excerpt: excerpt(res.text) });
    }
    failures.push(...mine);
    expect(mine.length, printFailures('http framing', mine)).toBe(0);
  });

  it('leaves every table as it was once the stack is at rest (after Kafka consumers too)', async () => {
    const end = await db.settled();
    const changes = DbWatch.diff(atRest, end);
    const writes = [...checkpointWrites, ...(changes.length ? [DbWatch.describe(changes)] : [])];
    for (const w of writes) failures.push({ route: '*', part: '-', field: '-', kind: 'write', status: 0, problem: `wrote ${w}`, excerpt: '' });
    expect(writes.join('; ')).toBe('');
  });
});
