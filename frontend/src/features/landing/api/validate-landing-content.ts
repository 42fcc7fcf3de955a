import type { LandingContent } from '@akhada/contracts';
import type { LandingWorkerRequest, LandingWorkerResponse } from './landing-worker';

/*
 * Validation of the landing content with its `LandingContent` contract. It runs in a worker, so zod never runs (or
 * even loads) on the main thread of the landing page; where workers are unavailable, the same parser runs here.
 */
let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, { resolve: (c: LandingContent) => void; reject: (e: Error) => void }>();

function failAll(error: Error) {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function listen(w: Worker) {
  worker = w;
  w.onmessage = (event: MessageEvent<LandingWorkerResponse>) => {
    const reply = event.data;
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (reply.ok) p.resolve(reply.data);
    else {
      console.error('[api] response of GET /public/landing does not match its contract:', reply.message);
      p.reject(new Error(reply.message));
    }
  };
  w.onerror = (event) => {
    event.preventDefault();
    w.terminate();
    worker = null; // later calls parse on the main thread
    failAll(new Error('The content checker could not start'));
  };
}

function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    listen(new Worker(new URL('./landing-worker.ts', import.meta.url), { type: 'module', name: 'landing-content' }));
  } catch {
    worker = null;
  }
  return worker ?? null;
}

/** The worker could not start: check content on the main thread from now on. */
export function disableValidatorWorker() {
  worker?.terminate();
  worker = null;
}

/** Takes over the worker index.html's inline script started (it already checked the first answer). */
export function adoptValidator(w: Worker) {
  if (worker === undefined) listen(w);
}

/** Starts the worker (and the download of its code) before the content arrives. */
export function warmUpValidator() {
  getWorker();
}

export async function validateLandingContent(text: string): Promise<LandingContent> {
  const w = getWorker();
  if (!w) return (await import('./landing-schema')).parseLandingContent(JSON.parse(text));
  const id = nextId++;
  return new Promise<LandingContent>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, text } satisfies LandingWorkerRequest);
  }).catch(async (err: unknown) => {
    // The worker could not start: check it here instead (a contract mismatch is reported as such).
    if (err instanceof Error && err.message === 'The content checker could not start')
      return (await import('./landing-schema')).parseLandingContent(JSON.parse(text));
    throw err;
  });
}
