import type { z } from 'zod';
import { translateFieldMessage } from '../../lib/error-text';
import type { Translate } from '../../lib/relative-time';

/*
 * A field's message travels through react-hook-form as a string; it is turned into text when it is shown, so a
 * language switch re-translates what is on screen. Three kinds:
 *   - "required": the field was left empty (whatever rule caught it); shown as "<Field> is required".
 *   - "@<i18n key>|<json params>": a rule without its own wording in the contract (a length, a format), mapped from
 *     the zod issue to one of the errors:fields.* texts.
 *   - anything else: the contract's or the server's own message, translated through its errors:fields.* key.
 */
export const REQUIRED = 'required';
const REF = '@';

export function i18nRef(key: string, params?: Record<string, string | number>): string {
  return `${REF}${key}${params ? `|${JSON.stringify(params)}` : ''}`;
}

/** zod's per-parse error map: rules the contract worded itself keep their message (zod prefers the schema's own). */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return i18nRef('errors:fields.tooShort', { minimum: Number(issue.minimum) });
      if (issue.origin === 'number' || issue.origin === 'int') return i18nRef('errors:fields.tooSmall', { minimum: Number(issue.minimum) });
      return i18nRef('errors:invalidValue');
    case 'too_big':
      if (issue.origin === 'string') return i18nRef('errors:fields.tooLong', { maximum: Number(issue.maximum) });
      if (issue.origin === 'number' || issue.origin === 'int') return i18nRef('errors:fields.tooBig', { maximum: Number(issue.maximum) });
      return i18nRef('errors:invalidValue');
    case 'invalid_format':
      if (issue.format === 'email') return i18nRef('errors:fields.emailInvalid');
      if (issue.format === 'date' || issue.format === 'datetime') return i18nRef('errors:fields.dateInvalid');
      return i18nRef('errors:invalidValue');
    case 'invalid_value':
      return i18nRef('errors:fields.choiceInvalid');
    case 'invalid_type':
      return issue.expected === 'number' ? i18nRef('errors:fields.numberInvalid') : i18nRef('errors:invalidValue');
    default:
      return i18nRef('errors:invalidValue');
  }
}

const requiredKey = (name: string) => `errors:fields.${name.split('.').pop() ?? name}Required`;

/** The text of a field's error, in the UI language. `label` names the field in the generic "is required" text. */
export function fieldMessageText(
  error: { type?: string; message?: string } | undefined,
  field: { name: string; label: string },
  t: Translate,
  lang: string,
  exists: (key: string) => boolean,
): string | null {
  if (!error) return null;
  if (error.type === REQUIRED) {
    const key = requiredKey(field.name);
    return exists(key) ? t(key) : t('errors:fields.required', { field: field.label });
  }
  const message = error.message ?? '';
  if (message.startsWith(REF)) {
    const [key, params] = message.slice(REF.length).split('|', 2) as [string, string | undefined];
    return t(key, params ? (JSON.parse(params) as Record<string, unknown>) : undefined);
  }
  return message ? translateFieldMessage(message, t, lang) : t('errors:invalidValue');
}
