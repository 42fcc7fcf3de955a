import { addRoute } from '@akhada/kit';
import type { FeedbackDeps } from '../app/deps.ts';

type Svc = Parameters<typeof addRoute>[0];

/** Contracts give the schemas (400 on bad input); the app layer authorizes and does the work. */
export const registerRoutes = (_svc: Svc, _deps: FeedbackDeps): void => {
  // The routes of contracts' feedbackRoutes land with the service (next commit).
};
