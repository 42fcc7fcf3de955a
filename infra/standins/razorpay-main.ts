// Runs the Razorpay stand-in until SIGINT/SIGTERM: node --import tsx infra/standins/razorpay-main.ts (npm run -w @akhada/infra razorpay-standin)
// RAZORPAY_STANDIN_PORT (default 2526), RAZORPAY_STANDIN_WEBHOOK_URL (default the gateway's
// http://127.0.0.1:8080/api/payments/razorpay/webhook), RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET / RAZORPAY_WEBHOOK_SECRET
// (default the stand-in's test keys).
import { isRazorpayStandinRunning, RAZORPAY_STANDIN_DEFAULTS, razorpayStandinEnv, startRazorpayStandin } from './razorpay.ts';

const port = Number(process.env.RAZORPAY_STANDIN_PORT ?? RAZORPAY_STANDIN_DEFAULTS.port);
const webhookUrl = process.env.RAZORPAY_STANDIN_WEBHOOK_URL ?? 'http://127.0.0.1:8080/api/payments/razorpay/webhook';

if (await isRazorpayStandinRunning(port)) {
  console.error(`[infra] a Razorpay stand-in already runs on http://127.0.0.1:${port}; nothing to do`);
  process.exit(0);
}

const standin = await startRazorpayStandin({
  port,
  webhookUrl,
  ...(process.env.RAZORPAY_KEY_ID ? { keyId: process.env.RAZORPAY_KEY_ID } : {}),
  ...(process.env.RAZORPAY_KEY_SECRET ? { keySecret: process.env.RAZORPAY_KEY_SECRET } : {}),
  ...(process.env.RAZORPAY_WEBHOOK_SECRET ? { webhookSecret: process.env.RAZORPAY_WEBHOOK_SECRET } : {}),
});
console.error(`[infra] Razorpay stand-in: ${standin.url} (webhooks to ${webhookUrl})`);
for (const [k, v] of Object.entries(razorpayStandinEnv(standin))) console.error(`  ${k}=${v}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    standin.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`[infra] Razorpay stand-in stop failed: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  });
}
