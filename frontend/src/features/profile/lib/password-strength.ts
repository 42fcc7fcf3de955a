export type PasswordStrength = 'weak' | 'medium' | 'strong';

export const MIN_PASSWORD_LENGTH = 8;

/** Weak under 8 characters, Medium under 12, Strong otherwise. */
export function passwordStrength(password: string): PasswordStrength {
  const length = Array.from(password).length;
  if (length < MIN_PASSWORD_LENGTH) return 'weak';
  if (length < 12) return 'medium';
  return 'strong';
}
