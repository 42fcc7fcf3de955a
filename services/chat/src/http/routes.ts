import type { addRoute } from '@akhada/kit';
import type { ChatDeps } from '../app/deps.ts';

type Svc = Parameters<typeof addRoute>[0];

/** Contracts give the schemas (400 on bad input); the app layer authorizes and does the work. */
export const registerRoutes = (_svc: Svc, _deps: ChatDeps): void => {
  // The chat routes land with the service (contracts/src/http/chat.ts describes them).
};
