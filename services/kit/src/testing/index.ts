export * from './decider-spec.ts';
export * from './infra.ts';
export * from './tokens.ts';
export * from './containers.ts';
export * from './people-owner-stub.ts';
export * from './seed-directory.ts';
export * from './boot-service.ts';
