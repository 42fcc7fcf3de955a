import type { DbHandle, Logger } from '@akhada/kit';

type Pool = DbHandle<unknown>['pool'];
/** The part of a pg pool client the worker uses (the kit owns the pg dependency). */
interface ListenClient {
  query(text: string): Promise<unknown>;
  release(destroy?: boolean): void;
}

export interface NotifyWorker {
  /** Runs the work now (or once more after the current run). */
  wake(): void;
  /** Stops listening and polling and waits for the current run to end. */
  stop(): Promise<void>;
}

/**
 * Runs `work` whenever a NOTIFY arrives on `channel`, and every `pollMs` as a safety net (a lost notification, a
 * retry that has come due). Runs never overlap in one process; a wake during a run asks for one more run. Several
 * processes may run the same work side by side: the work itself must claim rows safely (FOR UPDATE SKIP LOCKED).
 * A lost listening connection is replaced.
 */
export const startNotifyWorker = ({
  pool,
  channel,
  pollMs,
  logger,
  work,
}: {
  pool: Pool;
  channel: string;
  pollMs: number;
  logger: Logger;
  work: (isStopped: () => boolean) => Promise<unknown>;
}): NotifyWorker => {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let listener: ListenClient | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  const isStopped = () => stopped;

  const wake = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = work(isStopped)
      .then(
        () => undefined,
        (err: unknown) => logger.warn({ err, channel }, 'background work failed; will retry'),
      )
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  };

  const listen = async (): Promise<void> => {
    if (stopped) return;
    try {
      const client = await pool.connect();
      client.on('notification', wake);
      client.on('error', (err) => {
        logger.warn({ err, channel }, 'lost the LISTEN connection; reconnecting');
        client.release(true);
        if (listener === client) listener = undefined;
        if (!stopped) reconnect = setTimeout(() => void listen(), 1000);
      });
      await client.query(`listen "${channel.replaceAll('"', '""')}"`);
      if (stopped) {
        client.release();
        return;
      }
      listener = client;
      wake(); // whatever was queued while nobody listened
    } catch (err) {
      logger.warn({ err, channel }, 'could not LISTEN; retrying');
      if (!stopped) reconnect = setTimeout(() => void listen(), 1000);
    }
  };

  const poll = setInterval(wake, pollMs);
  void listen();

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (reconnect) clearTimeout(reconnect);
      await running;
      const client = listener;
      listener = undefined;
      if (client) {
        await client.query(`unlisten *`).catch(() => undefined);
        client.release();
      }
    },
  };
};
