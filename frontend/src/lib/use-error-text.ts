import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, fieldErrorsOf, type DescribeErrorOptions } from './error-text';
import type { Translate } from './relative-time';
import { ALL_NS } from '../locales/resources';

/** Turns failed calls into text in the UI language: a message for the form, and messages per field. */
export function useErrorText() {
  const { t, i18n } = useTranslation(ALL_NS);
  const tr = t as unknown as Translate;
  const describe = useCallback((error: unknown, opts?: DescribeErrorOptions) => describeError(error, tr, i18n.language, opts), [tr, i18n.language]);
  const fields = useCallback((error: unknown) => fieldErrorsOf(error, tr, i18n.language), [tr, i18n.language]);
  return { describe, fields };
}
