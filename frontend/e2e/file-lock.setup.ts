// Every browser spec file holds the stack's lock (file-lock.ts) from before its first test to after its last: shared,
// or exclusive for the files that kill services or watch the database.
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { EXCLUSIVE_SPECS } from './file-lock.ts';

let token: string | undefined;

beforeAll(async () => {
  const file = expect.getState().testPath;
  if (!file) throw new Error('the browser suite could not tell which spec file is running (expect.getState().testPath)');
  const mode = EXCLUSIVE_SPECS.test(file) ? 'exclusive' : 'shared';
  const res = await fetch(`${inject('controlUrl')}/lock/${mode}`, { method: 'POST', signal: AbortSignal.timeout(590_000) });
  if (!res.ok) throw new Error(`the stack's ${mode} lock was refused: ${res.status} ${await res.text()}`);
  token = ((await res.json()) as { token: string }).token;
}, 600_000);

afterAll(async () => {
  if (token) await fetch(`${inject('controlUrl')}/unlock/${token}`, { method: 'POST' });
});
