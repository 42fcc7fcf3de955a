import { describe, expect, it } from 'vitest';
import { isDroppedColumnRace, isOtherSchemaGone } from './database.ts';

describe('a catalog read that raced a drop of another schema', () => {
  it("is recognised by the schema or the table named, only when the schema is not one's own", () => {
    expect(isOtherSchemaGone(new Error('error: schema "members_life_t49" does not exist'), 'members_t03')).toBe(true);
    expect(isOtherSchemaGone(new Error('error: relation "auth_t30.dead_letters" does not exist'), 'auth_t4e')).toBe(true);
    expect(isOtherSchemaGone(new Error('error: relation "auth_t4e.dead_letters" does not exist'), 'auth_t4e')).toBe(false);
    expect(isOtherSchemaGone(new Error('error: relation "outbox" does not exist'), 'auth_t4e')).toBe(false);
    expect(isOtherSchemaGone(new Error('error: syntax error at or near "x"'), 'auth_t4e')).toBe(false);
  });

  it('a column of a table being dropped (PostgreSQL names no schema): read again, since nothing was migrated', () => {
    expect(isDroppedColumnRace(new Error('error: column "reason" of relation "automation_runs" does not exist'))).toBe(true);
    expect(isDroppedColumnRace(new Error('error: relation "outbox" does not exist'))).toBe(false);
    expect(isDroppedColumnRace(new Error('error: syntax error at or near "x"'))).toBe(false);
  });
});
