// The browser renders notifications from the same template keys as email and WhatsApp: its locale files
// (frontend/src/locales/{en,hi}/notifications.json, `tpl`) must hold every key of the service, with the same placeholders.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEMPLATES, type TemplateKey } from '../src/domain/templates.ts';

const locale = (lang: 'en' | 'hi') =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../frontend/src/locales/${lang}/notifications.json`, import.meta.url)), 'utf8')) as {
    tpl: Record<string, Record<string, string>>;
  };

describe('browser locales match the service’s templates', () => {
  it.each(['en', 'hi'] as const)('%s', (lang) => {
    const tpl = locale(lang).tpl;
    for (const [key, text] of Object.entries(TEMPLATES[lang]) as [TemplateKey, string][]) {
      const [, stem, leaf] = key.split('.');
      expect(tpl[stem!]?.[leaf!], key).toBe(text.replace(/\{(\w+)\}/g, '{{$1}}'));
    }
  });
});
