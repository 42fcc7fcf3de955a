import { pino, type Logger } from 'pino';

export type { Logger };
import './quiet-warnings.ts';

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
