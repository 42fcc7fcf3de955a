// People for the guards: gyms of their own with a signed-in user of every role, made through the public API as users
// make them (register, add staff, join by code).
import { authRoutes, memberRoutes, notificationRoutes, type Role } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import { rawClient, type RawClient } from './http.ts';

export interface Actor {
  role: Role;
  email: string;
  password: string;
  userId: string;
  orgId: string;
  locationIds: string[];
  token: string;
}

export interface Gym {
  label: string;
  joinCode: string;
  /** The gym's first location: where its admin, trainer and member are. */
  locationId: string;
  owner: Actor;
  /** Filled in by `withAllRoles`. */
  roles: Partial<Record<Role, Actor>>;
}

export const PASSWORD = 'Guard pass 2026';

export class Api {
  readonly client: RawClient;

  constructor(origin: string) {
    this.client = rawClient(origin);
  }

  async call(method: string, path: string, body?: unknown, token?: string) {
    const r = await this.client.send({
      method,
      path: `/api${path}`,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      ...(token ? { token } : {}),
    });
    return r;
  }

  /**
   * Repeats a call until its answer is right — by default one of `ok`, else what `check` says (another service learns
   * what it needs from events) — and answers it; after `timeoutMs` fails with what it last answered.
   */
  async until(
    what: string,
    call: () => ReturnType<Api['call']>,
    { ok = [200, 201], check, timeoutMs = 30_000 }: { ok?: number[]; check?: (r: Awaited<ReturnType<Api['call']>>) => boolean; timeoutMs?: number } = {},
  ): ReturnType<Api['call']> {
    return vi.waitFor(
      async () => {
        const r = await call();
        if (!(check ? check(r) : ok.includes(r.status)))
          throw new Error(`${what}: not so after ${timeoutMs / 1000} s (last ${r.status}: ${r.text.slice(0, 300)})`);
        return r;
      },
      { timeout: timeoutMs, interval: 200 },
    );
  }

  private async must(what: string, method: string, path: string, body?: unknown, token?: string, ok = [200, 201]) {
    const r = await this.call(method, path, body, token);
    if (!ok.includes(r.status)) throw new Error(`${what}: ${method} ${path} answered ${r.status} ${r.text.slice(0, 300)}`);
    return r.json;
  }

  /** A fresh session of an existing user (its own token; ending it ends nothing else). */
  async signIn(a: Pick<Actor, 'email' | 'password'>): Promise<Actor> {
    const data = authRoutes.login.responses[200].parse(
      await this.must(`sign in ${a.email}`, 'POST', '/auth/login', { email: a.email, password: a.password }),
    ).data;
    return {
      role: data.user.role,
      email: a.email,
      password: a.password,
      userId: data.user._id,
      orgId: data.user.organization._id,
      locationIds: data.user.locations.map((l) => l._id),
      token: data.token,
    };
  }

  /** A new gym (organization + first location) with its owner signed in. */
  async newGym(label: string): Promise<Gym> {
    const email = `guard-${label}-${randomUUID().slice(0, 8)}@example.in`;
    await this.must('register a gym', 'POST', '/auth/register', {
      firstName: 'Guard',
      lastName: 'Owner',
      email,
      phone: '+91 90000 00000',
      password: PASSWORD,
      role: 'admin',
      gymName: `Guard ${label}`,
      city: 'Pune',
    });
    const owner = await this.signIn({ email, password: PASSWORD });
    const me = authRoutes.me.responses[200].parse(await this.must('me', 'GET', '/auth/me', undefined, owner.token)).data.user;
    if (!me.organization.joinCode) throw new Error('the owner sees no join code');
    return { label, joinCode: me.organization.joinCode, locationId: owner.locationIds[0]!, owner, roles: { owner } };
  }

  /** Adds a signed-in admin and trainer (staff added by the owner) and a member (joined by code) in the first location. */
  async withAllRoles(gym: Gym): Promise<Gym & { roles: Record<Role, Actor> }> {
    const person = (role: string) => ({
      firstName: 'Guard',
      lastName: role,
      email: `guard-${gym.label}-${role}-${randomUUID().slice(0, 8)}@example.in`,
      phone: '+91 90000 00001',
    });
    const staff = async (role: 'admin' | 'trainer') => {
      const p = person(role);
      await this.must(`add ${role}`, 'POST', '/auth/staff', { ...p, role, locationIds: [gym.locationId], password: PASSWORD }, gym.owner.token);
      return this.signIn({ email: p.email, password: PASSWORD });
    };
    const member = async () => {
      const p = person('member');
      await this.must('join as member', 'POST', '/auth/register', { ...p, password: PASSWORD, role: 'member', gymCode: gym.joinCode });
      return this.signIn({ email: p.email, password: PASSWORD });
    };
    const [admin, trainer, memberActor] = await Promise.all([staff('admin'), staff('trainer'), member()]);
    return { ...gym, roles: { owner: gym.owner, admin, trainer, member: memberActor } };
  }

  /** A member of the gym, registered by its owner. */
  async newMember(gym: Gym): Promise<string> {
    const body = {
      firstName: 'Guard',
      lastName: 'Member',
      email: `guard-m-${randomUUID().slice(0, 8)}@example.in`,
      phone: '+91 91234 56789',
      locationId: gym.locationId,
    };
    return memberRoutes.create.responses[201].parse(await this.must('register a member', 'POST', '/members', body, gym.owner.token)).data._id;
  }

  /** The newest notification of the actor, once one exists (they arrive through Kafka). Polls. */
  async someNotification(actor: Actor, timeoutMs = 30_000): Promise<string> {
    const first = (r: Awaited<ReturnType<Api['call']>>) =>
      r.status === 200 ? notificationRoutes.list.responses[200].parse(r.json).data.notifications[0] : undefined;
    const r = await this.until(`a notification for ${actor.email}`, () => this.call('GET', '/notifications?limit=1', undefined, actor.token), {
      check: (r) => first(r) !== undefined,
      timeoutMs,
    });
    return first(r)!._id;
  }

  close(): void {
    this.client.close();
  }
}
