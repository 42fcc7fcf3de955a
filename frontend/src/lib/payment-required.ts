/**
 * 402 answers, told to whoever listens: the API client reports each one (the signed-in shell shows the server's
 * message and reads the session again, since the organization may have bought a plan meanwhile). Kept apart from the
 * client so the shell does not load it and its contract schemas to listen.
 */
export interface PaymentRequired {
  /** The error body's code: TRIAL_ENDED when the organization's free trial is over. */
  code: string | null;
  /** The server's message, for people. */
  message: string;
}

type Listener = (event: PaymentRequired) => void;
const listeners = new Set<Listener>();

export function reportPaymentRequired(event: PaymentRequired): void {
  for (const l of listeners) l(event);
}

export function onPaymentRequired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
