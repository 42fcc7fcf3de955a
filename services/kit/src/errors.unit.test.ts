import { describe, expect, it } from 'vitest';
import { notFound } from './errors.ts';

describe('notFound', () => {
  it('says "<what> not found" from the thing’s name', () => {
    expect(notFound('Member')).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Member not found' });
  });

  it('keeps a message that says "not found" already: never "Member not found not found"', () => {
    expect(notFound('Member not found').message).toBe('Member not found');
    expect(notFound('Attendance record not found').message).toBe('Attendance record not found');
    expect(notFound('Request Not Found').message).toBe('Request Not Found');
  });
});
