// A vitest reporter beside the default one: when AKHADA_TIMINGS_FILE is set, it writes where a run's minutes went —
// every test file's time (set-up, import and its tests) and every test's — so `npm test` can print the slowest files of
// each phase in its summary (infra/dev/cli.ts). It prints nothing itself: the default reporter's lines stay as they are.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export interface FileTiming {
  /** Relative to the repository root. */
  file: string;
  project: string;
  /** Wall time the file held its worker: environment, set-up files, import and collection, then its tests and hooks. */
  seconds: number;
  tests: number;
  failed: boolean;
}

export interface TestTiming {
  file: string;
  name: string;
  seconds: number;
}

export interface TestFailure {
  file: string;
  name: string;
  /** The first line of each error, enough to tell a flake from a break in the summary. */
  errors: string[];
}

export interface Timings {
  files: FileTiming[];
  tests: TestTiming[];
  /** Every failed test, and every file that failed outside its tests (a hook, an import); absent in older files. */
  failures?: TestFailure[];
}

export const fileTiming = (module: TestModule, root: string): FileTiming => {
  const d = module.diagnostic();
  const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
  const tests = [...module.children.allTests()];
  return {
    file: path.relative(root, module.moduleId),
    project: module.project.name,
    seconds: ms / 1000,
    tests: tests.length,
    failed: module.state() === 'failed',
  };
};

const firstLine = (e: { message?: string; name?: string }): string => `${e.name ?? 'Error'}: ${(e.message ?? '').split('\n')[0]?.slice(0, 300) ?? ''}`;

export const failuresOf = (module: TestModule, root: string): TestFailure[] => {
  const file = path.relative(root, module.moduleId);
  const tests = [...module.children.allTests()]
    .filter((t) => t.result().state === 'failed')
    .map((t) => ({ file, name: t.fullName, errors: (t.result().errors ?? []).map(firstLine) }));
  const own = module.errors();
  return own.length > 0 ? [{ file, name: '(the file itself)', errors: own.map(firstLine) }, ...tests] : tests;
};

export default class TimingsReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const out = process.env.AKHADA_TIMINGS_FILE;
    if (!out) return;
    const timings: Timings = {
      files: modules.map((m) => fileTiming(m, this.root)).sort((a, b) => b.seconds - a.seconds),
      tests: modules
        .flatMap((m) =>
          [...m.children.allTests()].map((t) => ({
            file: path.relative(this.root, m.moduleId),
            name: t.fullName,
            seconds: (t.diagnostic()?.duration ?? 0) / 1000,
          })),
        )
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, 50),
      failures: modules.flatMap((m) => failuresOf(m, this.root)),
    };
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(timings, null, 1));
  }
}

/** The lines `npm test` prints for one phase: its slowest files, then its slowest tests. */
export const slowestLines = (timings: Timings, { files = 10, tests = 5 } = {}): string[] => {
  const total = timings.files.reduce((s, f) => s + f.seconds, 0);
  const failures = timings.failures ?? [];
  return [
    ...(failures.length > 0 ? [`    failed (${failures.length}):`] : []),
    ...failures.flatMap((f) => [`      ${f.file} › ${f.name}`, ...f.errors.slice(0, 3).map((e) => `          ${e}`)]),
    `    slowest files (of ${timings.files.length}, ${total.toFixed(0)} s of file time in all):`,
    ...timings.files.slice(0, files).map((f) => `      ${f.seconds.toFixed(1).padStart(6)} s  ${f.file} (${f.tests} tests${f.failed ? ', FAILED' : ''})`),
    `    slowest tests:`,
    ...timings.tests.slice(0, tests).map((t) => `      ${t.seconds.toFixed(1).padStart(6)} s  ${t.file} › ${t.name}`),
  ];
};
