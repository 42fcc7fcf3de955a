import { pino, type Logger } from 'pino';

export type { Logger };
import './quiet-warnings.ts';

/**
 * pino JSON logs; secrets never leave the process. Pretty output is left to the terminal tooling.
 *
 * Lines go to stdout asynchronously: a line is handed to the kernel at once when no write is in flight, and the lines
 * logged meanwhile leave together with the next write, so under load one write carries many lines instead of one
 * blocking write per line. pino flushes what is left synchronously when the process exits.
 */
export const createLogger = (service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger =>
  pino(
    {
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
    },
    pino.destination({ dest: 1, sync: false }),
  );
