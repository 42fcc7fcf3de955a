import type { Directory } from './directory/directory.ts';
import type { Runtime } from './runtime.ts';

/**
 * What every service's `buildApp(deps: AppDeps)` needs besides its use cases' dependencies: the logger, the token
 * verifier and the readiness checks (all three come from bootRuntime in main.ts; tests build their own).
 * A service declares `interface AppDeps extends HttpDeps, XxxDeps {}` in its app/deps.ts.
 */
export type HttpDeps = Pick<Runtime<unknown>, 'logger' | 'verifier' | 'readiness'> & {
  /**
   * The organization directory (runtime.directory). createService needs it for the read-only trial guard: pass it
   * through (`createService({ name, logger, verifier, readiness, directory })`). Optional only so a service's tests
   * may leave it out where they test nothing of plans; main.ts always passes it.
   */
  directory?: Directory;
};
