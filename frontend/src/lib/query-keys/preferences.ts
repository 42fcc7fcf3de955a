/** The signed-in user's appearance and privacy choices (in `lib`: the shell applies them at sign-in, settings edits them). */
export const preferencesKeys = {
  mine: ['preferences', 'mine'] as const,
};
