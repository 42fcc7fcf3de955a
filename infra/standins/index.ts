// The third-party stand-ins, the one way other workspaces use them (`@akhada/infra/standins`): local, in-memory
// servers that speak the part of each provider's API the product uses, for development (`npm start`) and tests.
//   Razorpay (payments, Checkout, payment links, signed webhooks) · Google's OpenID Connect (sign-in) ·
//   an S3-compatible object store · an SMTP provider (mail sink) · the WhatsApp Cloud API (its 24-hour window, approved
//   templates and signed status webhooks) · an Indian SMS gateway (DLT template id, sender header, registered text).
// Each runs on its own too: `npm run -w @akhada/infra razorpay-standin | s3-standin | smtp-sink` (the *-main.ts files).
export * from './oidc.ts';
export * from './razorpay.ts';
export { MAX_CHARGE_ATTEMPTS, type Plan as RazorpayStandinPlan, type Subscription as RazorpayStandinSubscription } from './razorpay-subscriptions.ts';
export * from './s3.ts';
export * from './smtp-sink.ts';
export * from './sms-sink.ts';
export * from './whatsapp-sink.ts';
