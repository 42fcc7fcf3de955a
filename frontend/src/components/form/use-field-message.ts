import { useCallback } from 'react';
import { get, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../lib/relative-time';
import { ALL_NS } from '../../locales/resources';
import { fieldMessageText } from './field-message';

/** The current error text of one field of the surrounding form (re-renders only when that field's error changes). */
export function useFieldMessage(name: string, label: string): string | null {
  const { t, i18n } = useTranslation(ALL_NS);
  const { errors } = useFormState({ name });
  const exists = useCallback((key: string) => i18n.exists(key), [i18n]);
  return fieldMessageText(get(errors, name), { name, label }, t as unknown as Translate, i18n.language, exists);
}
