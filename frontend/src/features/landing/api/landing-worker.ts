import { parseLandingContent } from './landing-schema';

/**
 * Parses the landing content (JSON text) with its contract off the main thread: building and running the zod schemas
 * takes the better part of a second on a slow phone, and here it does not hold up the page.
 */
export type LandingWorkerRequest = { id: number; text: string };
export type LandingWorkerResponse = { id: number; ok: true; data: ReturnType<typeof parseLandingContent> } | { id: number; ok: false; message: string };

// Typed loosely: this file is compiled with the page's DOM types, not the worker ones.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<LandingWorkerRequest>) => void) | null;
  postMessage: (message: LandingWorkerResponse) => void;
};

scope.onmessage = (event) => {
  const { id, text } = event.data;
  let reply: LandingWorkerResponse;
  try {
    reply = { id, ok: true, data: parseLandingContent(JSON.parse(text)) };
  } catch (err) {
    reply = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(reply);
};
