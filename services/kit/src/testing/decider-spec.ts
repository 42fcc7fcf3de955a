import { expect } from 'vitest';
import type { Decider } from '../domain/decider.ts';

/** given(events).when(command).then(events) | thenThrows(ErrorClass, predicate) | thenNothingHappened(). */
export const DeciderSpecification = {
  for<C, E extends { type: string }, S>(decider: Decider<C, E, S>) {
    return (given: E[]) => ({
      when(command: C) {
        const run = () =>
          decider.decide(
            command,
            given.reduce((s, e) => decider.evolve(s, e), decider.initialState()),
          );
        return {
          then(expected: E[]) {
            expect(run()).toEqual(expected);
          },
          thenNothingHappened() {
            expect(run()).toEqual([]);
          },
          thenThrows<T extends Error>(errorClass: new (...a: never[]) => T, check?: (e: T) => boolean) {
            let thrown: unknown;
            try {
              run();
            } catch (e) {
              thrown = e;
            }
            expect(thrown, 'expected the command to be rejected').toBeInstanceOf(errorClass);
            if (check) expect(check(thrown as T), `rejection did not match: ${String(thrown)}`).toBe(true);
          },
        };
      },
    });
  },
};
