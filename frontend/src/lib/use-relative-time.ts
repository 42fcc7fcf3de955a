import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime, type Translate } from './relative-time';
import { useNow } from './use-now';
import { ALL_NS } from '../locales/resources';

export function useRelativeTime(): (value: string | Date) => string {
  const { t, i18n } = useTranslation(ALL_NS);
  const now = useNow();
  return useCallback((value: string | Date) => formatRelativeTime(value, now, t as unknown as Translate, i18n.language), [now, t, i18n.language]);
}
