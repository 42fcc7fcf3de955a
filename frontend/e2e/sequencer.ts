import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser suite's order: every product spec first, the standing guards last. The guards (bad input on every route,
 * every route against another organization's ids, the role matrix) send thousands of writes through the one shared
 * stack; each service's consumers then work through that backlog for minutes, and a spec after them that waits for an
 * event-driven outcome (a notification, a webhook delivery) waits behind it. The guards assert HTTP answers only, so
 * at the end nothing waits for their backlog. Within each group vitest's own order (slowest first, from its cache).
 */
export default class GuardsLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isGuard = (spec: TestSpecification) => /[/\\](bad-input|cross-org|api-guards|api-key-guard)\.spec\.ts$/.test(spec.moduleId);
    return [...sorted.filter((s) => !isGuard(s)), ...sorted.filter(isGuard)];
  }
}
