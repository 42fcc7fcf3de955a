import { readFile, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * TEST ONLY — the fault test's pause point (issue 28: "payments killed between receiving a charge webhook and
 * renewing"). main.ts wires it only when NODE_ENV=test and AUTOPAY_WEBHOOK_PAUSE_FILE names a file; never in
 * production. A subscription.charged webhook of the subscription id written in that file, once its signature is
 * checked and before its transaction begins, writes `<file>.reached` (the delivery id) and waits while the file still
 * names that subscription — so the test can SIGKILL the process at exactly that point. Any other webhook, or no file,
 * passes at once.
 */
export const filePausePoint =
  (file: string) =>
  async (subscriptionId: string, event: string, eventId: string): Promise<void> => {
    if (event !== 'subscription.charged') return;
    const named = async () => (await readFile(file, 'utf8').catch(() => '')).trim() === subscriptionId;
    if (!(await named())) return;
    await writeFile(`${file}.reached`, eventId);
    while (await named()) await sleep(50);
  };
