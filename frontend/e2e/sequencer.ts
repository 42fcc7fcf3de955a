import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { EXCLUSIVE_SPECS } from './file-lock.ts';

const isGuard = (spec: TestSpecification) => /[/\\](bad-input|cross-org|api-guards)\.spec\.ts$/.test(spec.moduleId);

/**
 * The browser suite's order. Two files run at a time; the files that need the stack to themselves (file-lock.ts) come
 * after every file that shares it, so they queue once at the end instead of stalling a worker in the middle, and the
 * standing guards come last of all: they send thousands of writes through the stack, each service's consumers then
 * work through that backlog for minutes, and a spec after them that waits for an event-driven outcome (a notification,
 * a webhook delivery) would wait behind it. The guards assert HTTP answers only, so nothing waits for their backlog.
 * Within each group vitest's own order (slowest first, from its cache).
 */
export default class BrowserSuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => (isGuard(spec) ? 2 : EXCLUSIVE_SPECS.test(spec.moduleId) ? 1 : 0);
    return [0, 1, 2].flatMap((r) => sorted.filter((s) => rank(s) === r));
  }
}
