/**
 * `@akhada/kit/domain`: what pure domain code may import — the typed errors and the Decider shape.
 * Nothing here (or reachable from here) loads an I/O library: no fastify, kafkajs, pg, pino or jose
 * (test/domain-entry.unit.test.ts proves it). Deciders' given/when/then lives in `@akhada/kit/testing`,
 * which loads its I/O helpers lazily for the same reason.
 */
export * from '../errors.ts';
export * from './decider.ts';
export * from './money.ts';
export * from './calendar.ts';
