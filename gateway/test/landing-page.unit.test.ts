import { describe, expect, it } from 'vitest';
import { cookieLanguage } from '../src/landing-page.ts';

describe('the language of the landing page the gateway renders', () => {
  it('follows the lang cookie the frontend writes, and is English otherwise', () => {
    expect(cookieLanguage('lang=hi')).toBe('hi');
    expect(cookieLanguage('theme=dark; lang=hi; other=1')).toBe('hi');
    expect(cookieLanguage('lang=en')).toBe('en');
    expect(cookieLanguage(undefined)).toBe('en');
    expect(cookieLanguage('lang=fr')).toBe('en'); // not a language of the product
    expect(cookieLanguage('xlang=hi')).toBe('en'); // another cookie's name
    expect(cookieLanguage('lang=hindi')).toBe('en');
  });
});
