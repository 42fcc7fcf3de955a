/**
 * The owner's "protect your gym with two-factor" prompt: asked once after every sign-in until they enrol. Signing in
 * marks it due (in this tab's session storage); the shell shows it and either answer clears it.
 */
const KEY = 'akhada.twoFactorPrompt';

const store = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage refused (private mode): no prompt rather than a crash
  }
};

export const markTwoFactorPromptDue = (): void => store()?.setItem(KEY, '1');
export const isTwoFactorPromptDue = (): boolean => store()?.getItem(KEY) === '1';
export const clearTwoFactorPrompt = (): void => store()?.removeItem(KEY);
