import { ErrorCode } from '@akhada/contracts';
import { ApiError } from './api-error';
import type { Translate } from './relative-time';

/** The contracts' validation messages (English), mapped to translated texts in errors:fields.* */
const FIELD_MESSAGE_KEYS: Record<string, string> = {
  'First name is required': 'firstNameRequired',
  'Last name is required': 'lastNameRequired',
  'Email is required': 'emailRequired',
  'Enter a valid email address': 'emailInvalid',
  'Phone is required': 'phoneRequired',
  'Enter a valid phone number': 'phoneInvalid',
  'Enter a 10-digit Indian mobile number': 'indianMobileInvalid',
  'Please agree to be contacted': 'consentRequired',
  'Password is required': 'passwordRequired',
  'Password must be at least 8 characters long': 'passwordTooShort',
  'Enter a code from your authenticator app, or a recovery code': 'twoFactorOffCodeRequired',
  'Current password is required': 'currentPasswordRequired',
  'Gym code is required to join a gym': 'gymCodeRequired',
  'Enter an amount in rupees': 'amountInvalid',
  'Amount cannot be negative': 'amountNegative',
  'Amount is too large': 'amountTooLarge',
  'Use at most two decimals': 'amountDecimals',
  'Not a valid location': 'locationInvalid',
  'This reset link is invalid': 'resetLinkInvalid',
  'Not a valid id': 'idInvalid',
  'Name is required': 'nameRequired',
  'Name must be at most 100 characters': 'nameTooLong',
  'Gym name must be at most 100 characters': 'gymNameTooLong',
  'City must be at most 100 characters': 'cityTooLong',
  'Message is required': 'messageRequired',
  'Message must be at least 10 characters': 'messageTooShort',
  'Message must be at most 2000 characters': 'messageTooLong',
  'Topic must be sales, support or other': 'topicInvalid',
  'Date cannot be more than 5 years ago': 'dateTooEarly',
  'Date cannot be in the future': 'dateFuture',
  'Issue date cannot be more than 60 years ago': 'issueDateTooEarly',
  'Issue date cannot be in the future': 'issueDateFuture',
  'Expiry date cannot be more than 60 years ago': 'expiryDateTooEarly',
  'Expiry date cannot be more than 50 years ahead': 'expiryDateTooLate',
  'The session cannot be more than 1 day(s) in the past': 'sessionPast',
  'The session cannot be more than 1 year ahead': 'sessionTooLate',
  'Choose at least one specialization': 'specializationRequired',
  'Experience cannot be negative': 'experienceNegative',
  'Experience must be a whole number of years': 'experienceWhole',
  'Experience must be at most 60 years': 'experienceTooHigh',
  'Max clients must be a number': 'maxClientsNumber',
  'Max clients must be a whole number': 'maxClientsWhole',
  'Max clients must be between 1 and 50': 'maxClientsRange',
  'Bio must be at most 1000 characters': 'bioTooLong',
  'Certification name is required': 'certNameRequired',
  'Certification name must be at most 120 characters': 'certNameTooLong',
  'Issuing organization is required': 'issuerRequired',
  'Issuing organization must be at most 120 characters': 'issuerTooLong',
  'Issue date must be a date such as 2024-04-01': 'issueDateInvalid',
  'Expiry date must be a date such as 2027-04-01': 'expiryDateInvalid',
  'Expiry date must be after the issue date': 'expiryBeforeIssue',
  'Use a time such as 06:30': 'slotStartInvalid',
  'Use a time such as 09:00': 'slotEndInvalid',
  'The slot must end after it starts': 'slotOrder',
  'At most 50 weekly slots': 'slotsTooMany',
  'Choose a member': 'memberRequired',
  'Choose a trainer': 'trainerRequired',
  'Not a valid trainer': 'trainerInvalid',
  'Choose a date and time': 'dateTimeRequired',
  'At least 15 minutes': 'durationTooShort',
  'At most 4 hours': 'durationTooLong',
  'Notes must be at most 300 characters': 'notes300',
  'Notes must be at most 500 characters': 'notes500',
  'Reason must be at most 200 characters': 'reasonTooLong',
  'Give a reason of at least 3 characters': 'reasonTooShort',
  'Overdue days are 1 to 90': 'overdueDaysRange',
  'Search must be at most 100 characters': 'searchTooLong',
  'Enter at least one measurement': 'measurementRequired',
  'Date must be a date such as 2026-04-01': 'dateInvalid',
  'Start date must be a date such as 2026-04-01': 'startDateInvalid',
  'Start date cannot be more than 5 years ago': 'startDateTooEarly',
  'Start date cannot be more than 1 year ahead': 'startDateTooLate',
  'Date of birth must be a date such as 1990-04-21': 'birthDateInvalid',
  'Date of birth must be on or after 1900-01-01': 'birthDateTooEarly',
  'Date of birth cannot be in the future': 'birthDateFuture',
  'First name must be at most 50 characters': 'firstNameTooLong',
  'Last name must be at most 50 characters': 'lastNameTooLong',
  'Weight must be a number': 'mWeightNumber',
  'Weight must be at least 20 kg': 'mWeightMin',
  'Weight must be at most 400 kg': 'mWeightMax',
  'Body fat must be a number': 'mBodyFatNumber',
  'Body fat must be at least 2 %': 'mBodyFatMin',
  'Body fat must be at most 75 %': 'mBodyFatMax',
  'Chest must be a number': 'mChestNumber',
  'Chest must be at least 40 cm': 'mChestMin',
  'Chest must be at most 250 cm': 'mChestMax',
  'Waist must be a number': 'mWaistNumber',
  'Waist must be at least 30 cm': 'mWaistMin',
  'Waist must be at most 250 cm': 'mWaistMax',
  'Arms must be a number': 'mArmsNumber',
  'Arms must be at least 10 cm': 'mArmsMin',
  'Arms must be at most 100 cm': 'mArmsMax',
  'Sessions must be a number': 'packSessionsNumber',
  'Sessions must be a whole number': 'packSessionsWhole',
  'Sessions must be at least 1': 'packSessionsMin',
  'Sessions must be at most 500': 'packSessionsMax',
  'Validity must be a number of days': 'packValidityNumber',
  'Validity must be whole days': 'packValidityWhole',
  'Validity must be at least 1 day': 'packValidityMin',
  'Validity must be at most 1095 days (3 years)': 'packValidityMax',
  'Price must be a number of paise': 'packPriceNumber',
  'Price must be at most ₹10,00,000': 'packPriceMax',
  'Days must be 1 to 90': 'automationDays90',
  'Days must be 3 to 365': 'automationDays365',
  'Wait must be at least 1': 'automationWaitMin',
  'Wait must be at most 30 days (720 hours)': 'automationWaitMax',
  'Due in 0 to 720 hours': 'automationFollowUpDue',
  'Note must be at most 200 characters': 'automationNoteMax',
  'Choose a template': 'templateRequired',
  'Name may have only lowercase letters, digits and underscores': 'templateNameFormat',
  'The DLT template id is the 10–30 digit number your DLT portal issued': 'dltTemplateIdFormat',
  'A marketing message must tell how to opt out: add “Reply STOP to unsubscribe”': 'optOutMissingEn',
  'A marketing message in Hindi must tell how to opt out: add “सदस्यता छोड़ने के लिए रोकें लिखकर भेजें”': 'optOutMissingHi',
  'The sender header is 6 letters (or 6 digits for promotional messages)': 'senderHeaderFormat',
  'Time must be HH:MM (24-hour), e.g. 18:30': 'campaignTimeFormat',
  'Message: write it in English, Hindi or both': 'templateBodiesRequired',
  'Text: write it in English, Hindi or both': 'templateTextRequired',
  'Rate must be at least 1 message a minute': 'campaignRateMin',
  'Rate must be a whole number': 'campaignRateWhole',
  'Rate must be a number of messages per minute': 'campaignRateNumber',
  'Choose at least one channel': 'channelRequired',
};

const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * A field message from the server or the contract, in the UI language: a message the contracts word is shown from
 * its errors:fields.* text (English and Hindi alike); an unknown one as it is in English (or when already Hindi),
 * else the generic "This value is not valid".
 */
export function translateFieldMessage(message: string, t: Translate, lang: string): string {
  const key = FIELD_MESSAGE_KEYS[message];
  if (key) return t(`errors:fields.${key}`);
  if (lang === 'en' || DEVANAGARI.test(message)) return message;
  return t('errors:invalidValue');
}

export interface DescribeErrorOptions {
  /** Used when nothing better is known (e.g. "Invalid email or password" on sign-in). */
  fallback?: string;
  /** Text for an error answer without a readable body. */
  statusFallback?: (status: number) => string;
  /** "Network error: {message}" instead of the friendly offline text. */
  networkWithMessage?: boolean;
}

/**
 * One line for a failed call. English follows the product rule (message, else error, else "An error occurred");
 * other languages use the translated text for the error code when the server did not answer in that language.
 */
export function describeError(error: unknown, t: Translate, lang: string, opts: DescribeErrorOptions = {}): string {
  if (!(error instanceof ApiError)) return opts.fallback ?? t('errors:somethingWrong');
  switch (error.kind) {
    case 'network':
      if (opts.networkWithMessage) return error.message ? t('errors:network', { message: error.message }) : t('errors:somethingWrong');
      return t('errors:offline');
    case 'contract':
      return t('errors:unexpectedResponse');
    case 'validation': {
      // One problem reads best as itself; several are shown at their fields.
      const first = error.details[0];
      return first && error.details.length === 1 ? translateFieldMessage(first.message, t, lang) : t('errors:checkFields');
    }
    case 'http': {
      if (!error.hasReadableBody) return opts.statusFallback ? opts.statusFallback(error.status) : t('errors:status', { status: error.status });
      if (lang === 'en' || DEVANAGARI.test(error.message)) return error.message || opts.fallback || t('errors:generic');
      const code = ErrorCode.safeParse(error.code);
      if (code.success) return t(`errors:codes.${code.data}`);
      const key = FIELD_MESSAGE_KEYS[error.message];
      if (key) return t(`errors:fields.${key}`);
      return opts.fallback ?? t('errors:somethingWrong');
    }
    default: {
      const never: never = error.kind;
      return never;
    }
  }
}

/** Field messages keyed by path, translated. */
export function fieldErrorsOf(error: unknown, t: Translate, lang: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError) {
    for (const d of error.details) if (!(d.path in out)) out[d.path] = translateFieldMessage(d.message, t, lang);
  }
  return out;
}
