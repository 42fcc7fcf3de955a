/** The UI language, sent as Accept-Language so the server may answer in it (kept apart from the API client so i18n stays light). */
let current = 'en';

export function setApiLanguage(lang: string) {
  current = lang;
}

export function apiLanguage(): string {
  return current;
}
