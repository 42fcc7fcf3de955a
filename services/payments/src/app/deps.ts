import type { Directory, HttpDeps, PeopleOwners } from '@akhada/kit';
import { dateIn } from '@akhada/kit/domain';
import type { Kysely } from 'kysely';
import type { InvoiceMailer } from '../adapters/invoice-mailer.ts';
import type { RazorpayPort } from '../adapters/razorpay-port.ts';
import type { SecretBox } from '../adapters/secret-box.ts';
import type { PaymentsDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<PaymentsDeps, ...>` of it. */
/** Akhada's own Razorpay account and GSTIN, for plan and billing payments (app/billing.ts). */
export interface PlatformBilling {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Akhada's own GSTIN and legal name (the supplier on its invoices). */
  gstin: string;
  legalName: string;
}

export interface PaymentsDeps {
  db: Kysely<PaymentsDb>;
  clock: () => Date;
  /** The zone of a location the directory does not know (yet). */
  timeZone: string;
  directory: Directory;
  /** The members and trainers services, asked only when this service's copy lacks someone a payment names (read-through). */
  people?: PeopleOwners;
  /** Encrypts the organizations' Razorpay secrets (AES-256-GCM, key from PAYMENTS_SECRET_KEY). */
  secrets: SecretBox;
  /** A Razorpay client for an organization's keys (the one SDK factory, pointed at RAZORPAY_API_URL when set). */
  razorpay: RazorpayPort;
  /** Where Checkout's script is loaded from (RAZORPAY_CHECKOUT_URL; Razorpay's own by default). */
  checkoutScriptUrl: string;
  /** The app's public origin (links in reminders, the webhook URL shown in settings). */
  publicUrl: string;
  /** Akhada's own Razorpay account and GSTIN (plan and billing); unset: plan payments answer 409 BILLING_NOT_CONFIGURED. */
  platform?: PlatformBilling;
  /** Sends an invoice's PDF by mail (POST /payments/invoices/{id}/send; SMTP in main.ts). */
  mailer: InvoiceMailer;
  /**
   * TEST ONLY (NODE_ENV=test, AUTOPAY_WEBHOOK_PAUSE_FILE): awaited by a subscription webhook after its signature is
   * checked and before its transaction, so the fault test can kill the process there (adapters/webhook-pause.ts).
   */
  pauseBeforeWebhook?: (subscriptionId: string, event: string, eventId: string) => Promise<void>;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness, directory) and the use cases' dependencies. */
export interface AppDeps extends Omit<HttpDeps, 'directory'>, PaymentsDeps {}

/** The kit's one default zone (India's). */
export { DEFAULT_TIME_ZONE } from '@akhada/kit/domain';

export const zoneOf = async (deps: Pick<PaymentsDeps, 'directory' | 'timeZone'>, locationId: string): Promise<string> =>
  (await deps.directory.location(locationId))?.timezone ?? deps.timeZone;

export const todayAt = async (deps: Pick<PaymentsDeps, 'directory' | 'timeZone' | 'clock'>, locationId: string): Promise<string> =>
  dateIn(await zoneOf(deps, locationId), deps.clock());

/** Today in the default zone (for figures that span locations). */
export const todayFor = (deps: Pick<PaymentsDeps, 'clock' | 'timeZone'>): string => dateIn(deps.timeZone, deps.clock());
