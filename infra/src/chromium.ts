// Browser tests drive the system Chromium (Debian's package); test tools cannot download browsers here.
import { existsSync } from 'node:fs';
import { isRoot, runCommand } from './run-command.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function ensureChromium(): Promise<string> {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (!isRoot()) throw new Error(`Chromium is missing at ${CHROMIUM}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
  console.error('[infra] installing Chromium from Debian packages (apt-get install chromium)');
  await runCommand('apt-get', ['update', '-qq'], { timeoutMs: 600_000 });
  await runCommand('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-core'], {
    timeoutMs: 900_000,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} is still missing`);
  return CHROMIUM;
}
