// `@akhada/kit/domain` and the given/when/then of `@akhada/kit/testing` must load no I/O library: deciders import them.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const IO_LIBRARIES = ['fastify', 'kafkajs', 'pg', 'pino', 'jose', 'kysely', 'testcontainers'];

/** Imports `entry` in a fresh Node process and lists every package it loaded (resolved through node_modules). */
const packagesLoadedBy = (entry: string): string[] => {
  const script = `
    import { registerHooks } from 'node:module';
    const seen = new Set();
    registerHooks({ resolve(specifier, context, next) {
      const r = next(specifier, context);
      const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(r.url);
      if (m) seen.add(m[1]);
      return r;
    } });
    await import(${JSON.stringify(entry)});
    console.log(JSON.stringify([...seen]));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: import.meta.dirname, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as string[];
};

describe('@akhada/kit/domain', () => {
  it('loads no I/O library', () => {
    const loaded = packagesLoadedBy('@akhada/kit/domain');
    expect(loaded.filter((p) => IO_LIBRARIES.includes(p))).toEqual([]);
  });

  it('nor does @akhada/kit/testing, where given/when/then lives', () => {
    const loaded = packagesLoadedBy('@akhada/kit/testing');
    expect(loaded.filter((p) => IO_LIBRARIES.includes(p))).toEqual([]);
  });

  it('while the kit barrel does (the check can fail)', () => {
    expect(packagesLoadedBy('@akhada/kit')).toEqual(expect.arrayContaining(['fastify', 'kafkajs', 'pg', 'pino']));
  });
});
