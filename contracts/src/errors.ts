import { z } from 'zod';

/** The one error body every service and the gateway answer with. */
export const ErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Stable machine codes; the message is for people, the code is for programs. */
export const ErrorCode = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'SESSION_REVOKED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'CONCURRENCY_CONFLICT',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'UNKNOWN_GYM_CODE',
  'INVALID_RESET_TOKEN',
  /** 403 at sign-in: an invited account has no password yet (its invitation link sets one). */
  'INVITATION_PENDING',
  /** 403 at sign-in: the account was deactivated (its member or trainer record was archived). */
  'ACCOUNT_DEACTIVATED',
  /** 400: an invitation link that is unknown, used, replaced by a newer one, or expired. */
  'INVALID_INVITATION',
  'WRONG_PASSWORD',
  /** 401 at sign-in: the password was right; the account signs in with a second step (send twoFactorCode). */
  'TWO_FACTOR_REQUIRED',
  /** 401 at sign-in / 400 in settings: the authenticator or recovery code is wrong, used or too old. */
  'TWO_FACTOR_INVALID',
  'LOCATION_NOT_ALLOWED',
  'TRIAL_EXPIRED',
  /** 402: the organization's free trial has ended and no plan was bought: every write but a few is refused. */
  'TRIAL_ENDED',
  /** 403: the caller's account awaits the gym's approval (a trainer who registered with the join code). */
  'ACCOUNT_PENDING',
  /** 403: the organization requires two-factor sign-in for staff and the caller has not set it up yet (or may not turn it off). */
  'TWO_FACTOR_ENROLMENT_REQUIRED',
  /** 400 (SMS two-factor): the account has no SMS codes set up, or no phone to send them to. */
  'SMS_NOT_AVAILABLE',
  /** 400 (Google sign-in): the callback's state is not the one this sign-in started with (or the sign-in is unknown or over). */
  'GOOGLE_STATE_MISMATCH',
  /** 403 (Google sign-in): Google has not verified the account's email, so it cannot sign into an Akhada account. */
  'GOOGLE_EMAIL_UNVERIFIED',
  /** 502/404 (Google sign-in): not configured, or Google's answer could not be checked. */
  'GOOGLE_SIGN_IN_FAILED',
  /** 400 (Google sign-in): the "confirm it's you" ticket is unknown, used or over 10 minutes old; start again. */
  'GOOGLE_LINK_EXPIRED',
  /** 409 (Settings → Security): unlinking this would leave the account no way to sign in. */
  'LAST_SIGN_IN_METHOD',
  'PLAN_LIMIT_REACHED',
  /** 409: the organization's plan allows no more members or trainers. */
  'PLAN_LIMIT',
  'SERVICE_UNAVAILABLE',
  /** 409 (attendance): the member or trainer is inside already; check them out first. */
  'ALREADY_CHECKED_IN',
  /** 404 (attendance): "No active check-in found for this member". */
  'NO_ACTIVE_CHECK_IN',
  /** 409 (attendance): the membership is expired, frozen, pending, cancelled or archived. */
  'MEMBERSHIP_INACTIVE',
  /** 400 (attendance): "Invalid QR code. Please scan a valid attendance QR code." */
  'INVALID_QR_CODE',
  /** 400 (attendance): "QR code has expired. Please generate a new one." */
  'QR_CODE_EXPIRED',
  /** 409 (attendance): the QR code was used already (a code checks in once). */
  'QR_CODE_USED',
  /** 409 (attendance): a trial pass used after its last day ("This trial pass expired on …"). */
  'TRIAL_PASS_EXPIRED',
  /** 409 (attendance): a trial pass used before it was issued (a queued kiosk scan). */
  'TRIAL_PASS_NOT_STARTED',
  /** 409 (attendance): a trial pass used at a location it is not for. */
  'TRIAL_PASS_OTHER_LOCATION',
  /**
   * 409 (attendance): the location refuses check-in while a membership payment is overdue by more than its setting's
   * days; details carry memberId, paymentId, amountPaise, dueDate and daysOverdue (the oldest such payment).
   */
  'PAYMENT_OVERDUE',
  /** 413: the body is larger than the edge and the services accept. */
  'PAYLOAD_TOO_LARGE',
  /** 414: the URL or one of its parameters is too long. */
  'URI_TOO_LONG',
  /** 431: the request's headers are too large. */
  'HEADERS_TOO_LARGE',
  /** 400 before any route: a request that is not valid HTTP, or a URL with a broken %-escape. */
  'BAD_REQUEST',
  /** 409 (feedback): the ticket cannot move to that status from where it is. */
  'FEEDBACK_INVALID_TRANSITION',
  /** 409 (feedback): the 7 days in which the author may reopen have passed. */
  'FEEDBACK_REOPEN_EXPIRED',
  /** 409 (feedback): the member answered this survey already. */
  'SURVEY_ALREADY_ANSWERED',
  /** 409 (feedback): the survey is not active or outside its period. */
  'SURVEY_CLOSED',
  /** 409 (feedback): a survey's questions cannot change once it has answers. */
  'SURVEY_HAS_RESPONSES',
  /** 403 (chat): the caller may not start a chat with this person (not their trainer, client or location's staff). */
  'CHAT_NOT_ALLOWED',
  /** 413 (chat): an attachment above the size limit ("File is too large: the limit is 10 MB"). */
  'FILE_TOO_LARGE',
  /** 415 (chat): a file whose bytes are not one of the accepted types (a renamed .exe, whatever its name says). */
  'UNSUPPORTED_FILE_TYPE',
  /** 409 (chat): the conversation has the most pinned messages already. */
  'PIN_LIMIT_REACHED',
  /** 403 (chat): editing a message someone else sent. */
  'NOT_YOUR_MESSAGE',
  /** 409 (chat): editing a message that was deleted. */
  'MESSAGE_DELETED',
  /** 409 (chat): editing a message after CHAT_EDIT_WINDOW_MINUTES. */
  'EDIT_WINDOW_CLOSED',
  /** 403 (chat): a signed attachment link that expired, was altered, or whose person left the conversation. */
  'LINK_EXPIRED',
  'INTERNAL',
  /** 409 (payments): the payment is not pending (update, delete, mark-paid, online payment of a paid one). */
  'PAYMENT_NOT_PENDING',
  /** 409 (payments): mark-paid of a payment already completed. */
  'PAYMENT_ALREADY_PAID',
  /** 409 (payments): a completed payment is refunded, not deleted. */
  'PAYMENT_COMPLETED',
  /** 409 (payments): refund of a payment that is not completed or partly refunded. */
  'PAYMENT_NOT_REFUNDABLE',
  /** 400 (payments): the refund is more than what remains of the payment. */
  'REFUND_EXCEEDS_REMAINING',
  /** 409 (payments): a salary for that trainer and month exists already. */
  'SALARY_ALREADY_PAID',
  /** 429 (payments): the member was reminded today already (one reminder per member per day). */
  'REMINDER_ALREADY_SENT',
  /** 409 (payments): the organization has no Razorpay keys (online payments hidden). */
  'RAZORPAY_NOT_CONFIGURED',
  /** 400 (payments): the Checkout signature does not match the stored order. */
  'RAZORPAY_SIGNATURE_INVALID',
  /** 400 (payments): the webhook's HMAC does not match its raw body. */
  'INVALID_WEBHOOK_SIGNATURE',
  /** 502 (payments): Razorpay refused or failed. */
  'RAZORPAY_ERROR',
  /** 409 (payments): an invoice needs a completed payment. */
  'PAYMENT_NOT_COMPLETED',
  /** 409 (payments): the location's GST settings are missing or incomplete for an invoice. */
  'TAX_SETTINGS_MISSING',
  'BILLING_NOT_CONFIGURED',
  'PLAN_TOO_SMALL',
  /** 409 (inventory): a sale or write-off of more than is in stock ("Only N left in stock"). */
  'INSUFFICIENT_STOCK',
  /** 409 (inventory): the item is not for sale (or archived, disposed, inactive). */
  'NOT_FOR_SALE',
  /** 409 (inventory): the organization has a supplier of that name or GSTIN. */
  'SUPPLIER_EXISTS',
  /** 409 (inventory): the item changed since the version the client saw; reload and try again. */
  'STALE_VERSION',
  /** 409 (inventory): the item cannot do that in its state (maintenance of a non-equipment item, a disposed item changed). */
  'INVALID_ITEM_STATE',
  /** 502 (notifications, send test): the mail server refused the user name or password. */
  'SMTP_AUTH_FAILED',
  /** 502 (notifications, send test in production): the test email failed; one answer whatever went wrong. */
  'SMTP_TEST_FAILED',
  /** 502 (notifications, send test): the mail server or messaging provider did not answer in time. */
  'PROVIDER_TIMEOUT',
  /** 502 (notifications, send test): the mail server or messaging provider could not be reached. */
  'PROVIDER_UNREACHABLE',
  /** 502 (notifications, send test): the messaging provider refused the key. */
  'PROVIDER_AUTH_FAILED',
  /** 502 (notifications, send test): the mail server or provider refused the message (its words in the message). */
  'PROVIDER_REJECTED',
  /** 400 (notifications): a webhook address that is not https, or points at a private or internal network. */
  'WEBHOOK_URL_NOT_ALLOWED',
  /** 409: a data-rights request of this kind is already open, or the request has already been decided. */
  'REQUEST_OPEN',
  'REQUEST_CLOSED',
  /** 402 (scheduling): the organization's plan does not include the feature (class scheduling is Pro and above). */
  'PLAN_UPGRADE_REQUIRED',
  /** 409 (scheduling): the booking breaks a rule of the class or the location (window, plan, allowance, no-show pause); the message says which. */
  'BOOKING_NOT_ALLOWED',
  /** 409 (scheduling): the member is booked, offered a place or waitlisted in this class already. */
  'ALREADY_BOOKED',
  /** 409 (scheduling): the trainer or the member holds an appointment or a class at that time (the message says which). */
  'APPOINTMENT_CLASH',
  /** 409 (scheduling): the time is outside the trainer's weekly working hours. */
  'OUTSIDE_AVAILABILITY',
  /** 409 (scheduling): every place of the event is taken or held by a ticket awaiting its payment. */
  'EVENT_FULL',
  /** 409 (scheduling): the member holds a ticket for this event already (confirmed, or pending its payment). */
  'ALREADY_HAS_TICKET',
  /** 409 (notifications): a built-in automation rule cannot be deleted, nor get another trigger (pause it, make a new rule). */
  'BUILTIN_RULE',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;
