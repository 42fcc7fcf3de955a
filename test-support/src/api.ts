import { authRoutes, type PlanId } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { payForPlan } from './plan.ts';

/** Talks to the product through the gateway, as the browser does. */
export const api = (base: string) => {
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json };
  };
  return {
    call,
    async login(email: string, password: string) {
      const r = await call('POST', '/auth/login', { email, password });
      if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.json)}`);
      return authRoutes.login.responses[200].parse(r.json).data;
    },
    /**
     * A brand-new gym with its owner signed in, on its free trial (14 members, 2 trainers) or on `plan`, paid through
     * the Razorpay stand-in: then this returns once the members service applies the plan's allowance.
     */
    async newGym(label = 'gym', { plan }: { plan?: Exclude<PlanId, 'free'> } = {}) {
      const email = `${label}-${randomUUID().slice(0, 8)}@example.in`;
      const password = 'test password 1';
      const r = await call('POST', '/auth/register', {
        firstName: 'Test',
        lastName: 'Owner',
        email,
        phone: '+91 90000 00000',
        password,
        role: 'admin',
        gymName: `${label} gym`,
      });
      if (r.status !== 201) throw new Error(`register: ${r.status} ${JSON.stringify(r.json)}`);
      const gym = { email, password, ...(await this.login(email, password)) };
      if (plan) await payForPlan((method, path, body) => call(method, path, body, gym.token), plan);
      return gym;
    },
    member(i: number, extra: object = {}) {
      return {
        firstName: `Member${i}`,
        lastName: 'Test',
        email: `m${i}-${randomUUID().slice(0, 8)}@example.in`,
        phone: '+91 91234 56789',
        membershipType: 'basic',
        membershipFee: 1500,
        paymentFrequency: 'monthly',
        ...extra,
      };
    },
  };
};
