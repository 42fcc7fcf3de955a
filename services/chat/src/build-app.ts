import multipart from '@fastify/multipart';
import { CHAT_MAX_FILE_BYTES } from '@akhada/contracts';
import { createService } from '@akhada/kit';
import type { AppDeps } from './app/deps.ts';
import { registerRoutes } from './http/routes.ts';

/** The chat HTTP app from its dependencies, not listening: main.ts serves it, tests call `app.inject()`. */
export const buildApp = ({ logger, verifier, readiness, directory, db, clock, storage, signer }: AppDeps) => {
  const svc = createService({ name: 'chat', logger, verifier, readiness, directory });
  // Uploads: one file of at most CHAT_MAX_FILE_BYTES and two short text fields; the file is read into memory (10 MB at most).
  void svc.app.register(multipart, { limits: { fileSize: CHAT_MAX_FILE_BYTES, files: 1, fields: 4, fieldSize: 16 * 1024, parts: 6, headerPairs: 100 } });
  registerRoutes(svc, { db, clock, storage, signer });
  return svc.app;
};
