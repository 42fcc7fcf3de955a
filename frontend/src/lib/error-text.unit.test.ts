import { describe, expect, it } from 'vitest';
import enErrors from '../locales/en/errors.json';
import hiErrors from '../locales/hi/errors.json';
import { ApiError } from './api-error';
import { describeError, translateFieldMessage } from './error-text';
import type { Translate } from './relative-time';

function translator(resources: Record<string, unknown>): Translate {
  return (key, options) => {
    const path = key.replace(/^errors:/, '').split('.');
    let node: unknown = resources;
    for (const p of path) node = (node as Record<string, unknown>)[p];
    return String(node).replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(options?.[name]));
  };
}
const en = translator(enErrors);
const hi = translator(hiErrors);

const wrongCredentials = ApiError.fromResponse(401, {
  success: false,
  message: 'Invalid email or password',
  error: 'Unauthorized',
  code: 'INVALID_CREDENTIALS',
});

describe('describeError', () => {
  it('follows the server message in English', () => {
    expect(describeError(wrongCredentials, en, 'en')).toBe('Invalid email or password');
  });
  it('translates known codes in Hindi', () => {
    expect(describeError(wrongCredentials, hi, 'hi')).toBe('ईमेल या पासवर्ड गलत है');
  });
  it('keeps a message the server already wrote in Hindi', () => {
    const e = ApiError.fromResponse(400, { success: false, message: 'कुछ गलत है', error: 'Bad Request', code: 'SOMETHING_NEW' });
    expect(describeError(e, hi, 'hi')).toBe('कुछ गलत है');
  });
  it('uses the status fallback for an unreadable body', () => {
    const e = ApiError.fromResponse(500, undefined);
    expect(describeError(e, en, 'en', { statusFallback: (s) => `Registration failed with status ${s}` })).toBe('Registration failed with status 500');
    expect(describeError(e, en, 'en')).toBe('Request failed with status 500');
  });
  it('reports network failures', () => {
    const e = new ApiError({ kind: 'network', message: 'Failed to fetch' });
    expect(describeError(e, en, 'en', { networkWithMessage: true })).toBe('Network error: Failed to fetch');
    expect(describeError(new ApiError({ kind: 'network', message: '' }), en, 'en', { networkWithMessage: true })).toBe(
      'Something went wrong. Please try again.',
    );
  });
  it('translates contract validation messages for fields', () => {
    expect(translateFieldMessage('Enter a valid email address', hi, 'hi')).toBe('मान्य ईमेल पता लिखें');
    expect(translateFieldMessage('Enter a valid email address', en, 'en')).toBe('Enter a valid email address');
    expect(translateFieldMessage('Some new rule', hi, 'hi')).toBe('यह मान मान्य नहीं है');
  });
});
