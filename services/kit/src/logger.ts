import { pino, type Logger } from 'pino';

export type { Logger };

// kafkajs schedules a timer with a negative delay when it is not throttled; Node 24 warns about it on every request.
// That warning is noise; every other warning still reaches stderr.
const defaultWarning = process.listeners('warning');
if (!process.env.AKHADA_KEEP_ALL_WARNINGS && defaultWarning.length > 0) {
  process.removeAllListeners('warning');
  process.on('warning', (w) => {
    if (w.name === 'TimeoutNegativeWarning') return;
    for (const l of defaultWarning) l(w);
  });
}

/** pino JSON logs; secrets never leave the process. Pretty output is left to the terminal tooling. */
export const createLogger = (service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger =>
  pino({
    name: service,
    level,
    base: { service },
    redact: {
      paths: [
        'password',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.token',
        'token',
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.secret',
        '*.privateKey',
      ],
      censor: '[redacted]',
    },
  });
