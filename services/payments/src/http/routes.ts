import { addRoute } from '@akhada/kit';
import type { PaymentsDeps } from '../app/deps.ts';

type Svc = Parameters<typeof addRoute>[0];

/** Contracts give the schemas (400 on bad input); the app layer authorizes and does the work. */
export const registerRoutes = (_svc: Svc, _deps: PaymentsDeps): void => {
  // The payment routes of contracts/src/http/payments.ts are registered here as they land (next commit).
};
