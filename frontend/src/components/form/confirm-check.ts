import type { FieldValues } from 'react-hook-form';
import { i18nRef, REQUIRED } from './field-message';

/**
 * A value typed twice (a new password): the repeat must be given and equal the first. The contract knows only the
 * first, so this rule is the screen's own (pass it as the form's `check`).
 */
export function confirmCheck<T extends FieldValues>(first: keyof T & string, repeat: keyof T & string, mismatchKey: string) {
  return (values: T): Record<string, string> => {
    if (values[repeat] === '') return { [repeat]: REQUIRED };
    return values[repeat] === values[first] ? {} : { [repeat]: i18nRef(mismatchKey) };
  };
}
