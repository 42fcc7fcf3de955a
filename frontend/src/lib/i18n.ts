import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from './api-client';
import { resources, defaultNS, namespaces } from '../locales/resources';

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
const KEY = 'lang';

function storedLanguage(): Language {
  try {
    return localStorage.getItem(KEY) === 'hi' ? 'hi' : 'en';
  } catch {
    return 'en';
  }
}

function applyDocumentLanguage(lang: Language) {
  document.documentElement.lang = lang;
  setApiLanguage(lang);
}

export const i18n = i18next.createInstance();

export function initI18n() {
  const lng = storedLanguage();
  applyDocumentLanguage(lng);
  return i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: [...namespaces],
    defaultNS,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
}

export function currentLanguage(): Language {
  return i18n.language === 'hi' ? 'hi' : 'en';
}

export async function setLanguage(lang: Language) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    /* not persisted in private mode */
  }
  applyDocumentLanguage(lang);
  await i18n.changeLanguage(lang);
}
