import { describe, expect, it } from 'vitest';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MESSAGES, profilePictureProblem } from './profile-picture.ts';

describe('profilePictureProblem (the picker and the server share it)', () => {
  it('accepts JPEG, PNG, WebP and GIF under 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) expect(profilePictureProblem({ size: 1000, type })).toBeNull();
    expect(profilePictureProblem({ size: PROFILE_PICTURE_MAX_BYTES - 1, type: 'image/jpeg' })).toBeNull();
  });
  it('refuses 5 MB and more', () => {
    expect(profilePictureProblem({ size: PROFILE_PICTURE_MAX_BYTES, type: 'image/jpeg' })).toBe('tooLarge');
    expect(profilePictureProblem({ size: 50 * 1024 * 1024, type: 'image/png' })).toBe('tooLarge');
  });
  it('refuses what is not an image it can read, and an unknown type, before the size', () => {
    for (const type of ['application/pdf', 'image/svg+xml', 'text/plain', '', undefined])
      expect(profilePictureProblem({ size: PROFILE_PICTURE_MAX_BYTES * 2, type })).toBe('notImage');
  });
  it("uses the spec's messages", () => {
    expect(PROFILE_PICTURE_MESSAGES).toEqual({ notImage: 'Please select an image file', tooLarge: 'File size must be less than 5MB' });
  });
});
