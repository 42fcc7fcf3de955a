import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from './api-language';
import { EAGER_EN, loadBundle } from '../locales/bundles';
import { defaultNS, namespaces, PUBLIC_NS, type Namespace } from '../locales/resources';

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
const KEY = 'lang';

export function storedLanguage(): Language {
  try {
    return localStorage.getItem(KEY) === 'hi' ? 'hi' : 'en';
  } catch {
    return 'en';
  }
}

function applyDocumentLanguage(lang: Language) {
  document.documentElement.lang = lang;
  setApiLanguage(lang);
  // The server reads it too: the gateway renders the landing page's first screen in this language.
  document.cookie = `${KEY}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

export const i18n = i18next.createInstance();

/** Namespaces some screen has asked for: a language switch loads these in the new language before it happens. */
const wanted = new Set<Namespace>(PUBLIC_NS);

async function addBundles(lang: Language, list: Iterable<Namespace>) {
  const missing = [...list].filter((ns) => !i18n.hasResourceBundle(lang, ns));
  const loaded = await Promise.all(missing.map(async (ns) => [ns, await loadBundle(lang, ns)] as const));
  for (const [ns, bundle] of loaded) i18n.addResourceBundle(lang, ns, bundle, true, false);
}

export async function initI18n() {
  const lng = storedLanguage();
  applyDocumentLanguage(lng);
  const resources: Record<string, Record<string, Record<string, unknown>>> = { en: { ...EAGER_EN } };
  if (lng !== 'en') {
    resources[lng] = Object.fromEntries(await Promise.all(PUBLIC_NS.map(async (ns) => [ns, await loadBundle(lng, ns)] as const)));
  }
  await i18n.use(initReactI18next).init({
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

/** Loads texts a screen needs in the current language (a lazily loaded route calls this with its chunk). */
export async function ensureNamespaces(list: readonly Namespace[]) {
  for (const ns of list) wanted.add(ns);
  await addBundles(currentLanguage(), list);
}

export function currentLanguage(): Language {
  return i18n.language === 'hi' ? 'hi' : 'en';
}

export async function setLanguage(lang: Language) {
  await addBundles(lang, wanted);
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    /* not persisted in private mode */
  }
  applyDocumentLanguage(lang);
  await i18n.changeLanguage(lang);
}
