import type { Logger } from '@akhada/kit';

/**
 * Runs `runOnce` again and again: at once while it finds work, every `pollMs` when it found none. Shared by the
 * message deliverer and the webhook deliverer. `stop` waits for a pass under way.
 */
export const startPollLoop = (o: { runOnce: () => Promise<number>; logger: Logger; what: string; pollMs?: number; autoStart?: boolean }) => {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  const loop = async () => {
    if (stopped) return;
    running = o.runOnce().catch((err: unknown) => {
      o.logger.error({ err }, `${o.what} pass failed`);
      return 0;
    });
    const handled = await running;
    running = null;
    if (!stopped) timer = setTimeout(() => void loop(), handled > 0 ? 0 : (o.pollMs ?? 500));
  };
  if (o.autoStart !== false) timer = setTimeout(() => void loop(), 0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
};
