// What the bench scripts share: the machine's load average for the printout, a percentile of sorted samples, a JSON
// call to the product through the gateway, and a new gym made the way a customer makes one.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';

/** The 1/5/15-minute load average, printed with every figure (a shared machine skews them). */
export const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The p-th percentile of ascending samples (NaN when there are none). */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN);

/** A JSON call through the gateway (`/api` + path), with a bearer token when given. */
export const call = async <J = unknown>(base: string, method: string, p: string, body?: unknown, token?: string) => {
  const res = await fetch(`${base}/api${p}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json().catch(() => undefined)) as J };
};

/** Registers a new gym (its owner an admin) and signs the owner in; answers the owner's token. */
export const registerBenchGym = async (base: string): Promise<string> => {
  const email = `bench-${randomUUID().slice(0, 8)}@example.in`;
  const password = 'bench password 1';
  const reg = await call(base, 'POST', '/auth/register', {
    firstName: 'Bench',
    lastName: 'Owner',
    email,
    phone: '+91 90000 00000',
    password,
    role: 'admin',
    gymName: 'Bench gym',
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json)}`);
  const login = await call<{ data: { token: string } }>(base, 'POST', '/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.json)}`);
  return login.json.data.token;
};
