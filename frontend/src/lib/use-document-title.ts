import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_NS } from '../locales/resources';

/** "<page> · Akhada" in the UI language. */
export function useDocumentTitle(title: string | null | undefined) {
  const { t } = useTranslation(ALL_NS);
  const brand = t('common:brand');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}
