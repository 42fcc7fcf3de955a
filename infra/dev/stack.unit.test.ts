import { describe, expect, it } from 'vitest';
import { instancesFromEnv } from './stack.ts';

describe('instances per service from the environment', () => {
  it('reads <SERVICE>_INSTANCES and leaves the other services at one', () => {
    expect(instancesFromEnv({ ATTENDANCE_INSTANCES: '3' })).toEqual({ attendance: 3 });
    expect(instancesFromEnv({})).toEqual({});
    expect(instancesFromEnv({ ATTENDANCE_INSTANCES: '' })).toEqual({});
  });

  it('refuses a value that is not a small whole number instead of ignoring it', () => {
    for (const bad of ['0', '-1', '2.5', 'two', '10']) expect(() => instancesFromEnv({ ATTENDANCE_INSTANCES: bad })).toThrow(/ATTENDANCE_INSTANCES/);
  });
});
