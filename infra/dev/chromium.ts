// Browser tests drive the system Chromium (Debian's package); test tools cannot download browsers here.
import { existsSync } from 'node:fs';
import { isRoot, runCommand } from './run-command.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** pdftotext (Debian's poppler-utils): the invoice tests read the text of the PDFs the services make. */
export const PDFTOTEXT = '/usr/bin/pdftotext';

/** The browser and the PDF reader the tests use, installed from Debian's packages when missing (as root). */
export async function ensureChromium(): Promise<string> {
  const missing = [...(existsSync(CHROMIUM) ? [] : ['chromium', 'fonts-noto-core']), ...(existsSync(PDFTOTEXT) ? [] : ['poppler-utils'])];
  if (missing.length === 0) return CHROMIUM;
  if (!isRoot())
    throw new Error(`Test tools missing: ${missing.join(', ')}. Install them (Debian: apt-get install ${missing.join(' ')}) or set CHROMIUM_PATH.`);
  console.error(`[infra] installing test tools from Debian packages (apt-get install ${missing.join(' ')})`);
  await runCommand('apt-get', ['update', '-qq'], { timeoutMs: 600_000 });
  await runCommand('apt-get', ['install', '-y', '-qq', ...missing], {
    timeoutMs: 900_000,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} is still missing`);
  return CHROMIUM;
}
