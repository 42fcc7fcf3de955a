// Runs the SMTP sink until SIGINT/SIGTERM: node --import tsx infra/standins/smtp-sink-main.ts (npm run -w @akhada/infra smtp-sink)
// Ports: SMTP_SINK_SMTP_PORT (default 2525), SMTP_SINK_HTTP_PORT (default 8025).
import { isSmtpSinkRunning, startSmtpSink } from './smtp-sink.ts';

const smtpPort = Number(process.env.SMTP_SINK_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT ?? 8025);

if (await isSmtpSinkRunning(httpPort)) {
  console.error(`[infra] an SMTP sink already runs (http://127.0.0.1:${httpPort}/messages); nothing to do`);
  process.exit(0);
}

const sink = await startSmtpSink({ smtpPort, httpPort });
console.error(`[infra] SMTP sink: smtp://127.0.0.1:${smtpPort}, messages at http://127.0.0.1:${httpPort}/messages`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    sink.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`[infra] SMTP sink stop failed: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  });
}
