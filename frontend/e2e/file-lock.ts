// The browser suite runs two spec files at a time against its one stack. Most files work in gyms of their own and can
// share it; a few need it to themselves: the system tests that kill and restart services, and the standing guards
// (bad-input watches the database for any write while it sends its cases; the three send thousands of requests whose
// backlog would hold up another file's event-driven waits). Each file takes the stack's lock in its beforeAll
// (file-lock.setup.ts): shared, or exclusive for these. The lock lives in the global setup's control server.

/** Spec files that need the stack to themselves. The sequencer runs them last, so they rarely wait. */
export const EXCLUSIVE_SPECS = /[/\\](bad-input|cross-org|api-guards|fault|restart|scale-out)\.spec\.ts$/;

export type LockMode = 'shared' | 'exclusive';

/**
 * A readers–writer lock granted strictly in arrival order: a waiting exclusive request holds back shared requests that
 * came after it (no starvation); a shared request is granted at once when nothing exclusive holds or waits before it.
 * Release is by the token an acquisition returned; an unknown or repeated token is ignored.
 */
export function createFileLock() {
  let shared = 0;
  let exclusive = false;
  let next = 0;
  const holders = new Map<string, LockMode>();
  const waiting: { mode: LockMode; grant: (token: string) => void }[] = [];
  const pump = () => {
    for (let head = waiting[0]; head; head = waiting[0]) {
      if (exclusive || (head.mode === 'exclusive' && shared > 0)) return;
      waiting.shift();
      if (head.mode === 'exclusive') exclusive = true;
      else shared++;
      const token = String(++next);
      holders.set(token, head.mode);
      head.grant(token);
    }
  };
  return {
    acquire: (mode: LockMode): Promise<string> =>
      new Promise((grant) => {
        waiting.push({ mode, grant });
        pump();
      }),
    release: (token: string): void => {
      const mode = holders.get(token);
      if (!mode) return;
      holders.delete(token);
      if (mode === 'exclusive') exclusive = false;
      else shared--;
      pump();
    },
    state: () => ({ shared, exclusive, waiting: waiting.length }),
  };
}
