import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The built frontend and the hashes of its inline scripts (the theme snippet), so the CSP can allow exactly those. */
export const loadFrontend = (distDir: string): { distDir: string; indexHtml: string; inlineScriptHashes: string[] } | undefined => {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return undefined;
  const indexHtml = readFileSync(index, 'utf8');
  const inlineScriptHashes = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .filter((body) => body.trim().length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return { distDir, indexHtml, inlineScriptHashes };
};
