// Runs the S3 stand-in until SIGINT/SIGTERM: node --import tsx infra/standins/s3-main.ts (npm run -w @akhada/infra s3-standin)
// Port S3_STANDIN_PORT (default 9100); bucket, keys and region are S3_STANDIN_DEFAULTS. Point a service at it with
// STORAGE=s3 S3_ENDPOINT=http://127.0.0.1:9100 S3_BUCKET=akhada-dev S3_ACCESS_KEY_ID=akhada-standin
// S3_SECRET_ACCESS_KEY=akhada-standin-secret-key. Objects live in memory: they are gone when it stops.
import { S3_STANDIN_DEFAULTS, startS3Standin } from './s3.ts';

const standin = await startS3Standin({ port: Number(process.env.S3_STANDIN_PORT ?? 9100) });
console.error(
  `[infra] S3 stand-in: ${standin.endpoint} (bucket ${S3_STANDIN_DEFAULTS.bucket}, key ${S3_STANDIN_DEFAULTS.accessKeyId}, region ${S3_STANDIN_DEFAULTS.region})`,
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    standin.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`[infra] S3 stand-in stop failed: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  });
}
