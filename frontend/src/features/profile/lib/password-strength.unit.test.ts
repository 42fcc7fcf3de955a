import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('password strength', () => {
  it('is Weak under 8, Medium under 12, Strong otherwise', () => {
    expect(passwordStrength('')).toBe('weak');
    expect(passwordStrength('1234567')).toBe('weak');
    expect(passwordStrength('12345678')).toBe('medium');
    expect(passwordStrength('12345678901')).toBe('medium');
    expect(passwordStrength('123456789012')).toBe('strong');
  });
});
