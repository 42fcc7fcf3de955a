import type { LandingContent } from '@akhada/contracts';
import { hashKey, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { apiLanguage } from '../../../lib/api-language';
import { embeddedLandingContent } from '../lib/embedded-content';
import type { LandingWorkerResponse } from './landing-worker';
import { adoptValidator, disableValidatorWorker, validateLandingContent, warmUpValidator } from './validate-landing-content';
import { landingKeys } from './query-keys';

export type { LandingContent };

/** The landing content failed to load; `status` is 0 when the server never answered. */
export class LandingContentError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'LandingContentError';
    this.status = status;
  }
}

const early = new Map<string, Promise<LandingContent>>();

declare global {
  interface Window {
    /** Started by index.html's inline script for a guest opening / (before any of this code has loaded). */
    __akhadaLanding?: { lang: string; response: Promise<Response>; worker?: Worker; result?: Promise<LandingWorkerResponse | null> };
  }
}

function takeStarted(lang: string) {
  const started = window.__akhadaLanding;
  if (!started || started.lang !== lang) return null;
  window.__akhadaLanding = undefined;
  if (started.worker) adoptValidator(started.worker);
  return started;
}

async function request(lang: string, signal?: AbortSignal): Promise<LandingContent> {
  const url = `/api/public/landing?lang=${encodeURIComponent(lang)}`;
  const started = takeStarted(lang);
  warmUpValidator();
  let res: Response;
  try {
    res = await (started?.response ??
      fetch(url, { headers: { Accept: 'application/json', 'Accept-Language': apiLanguage() }, signal, credentials: 'same-origin' }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new LandingContentError(0, cause instanceof Error ? cause.message : 'Network error');
  }
  if (!res.ok) {
    let message = `Request failed with status ${res.status}`;
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      /* no readable body */
    }
    throw new LandingContentError(res.status, message);
  }
  if (started?.result) {
    // The inline script already handed this answer to the worker.
    const reply = await started.result;
    if (reply?.ok) return reply.data;
    if (reply) {
      console.error('[api] response of GET /public/landing does not match its contract:', reply.message);
      throw new Error(reply.message);
    }
    disableValidatorWorker(); // it could not start
  }
  return validateLandingContent(await res.text());
}

/**
 * GET /api/public/landing?lang=…: the landing page's content in one language (plans, testimonials, comparison,
 * banner, SEO, hero), parsed with the `LandingContent` contract.
 */
export function getLandingContent(lang: string, signal?: AbortSignal): Promise<LandingContent> {
  const started = early.get(lang);
  if (started) {
    early.delete(lang);
    return started;
  }
  return request(lang, signal);
}

/** Starts the request before the landing page's own code has arrived (called by the entry for a guest on /). */
export function prefetchLandingContent(lang: string) {
  if (early.has(lang) || embeddedLandingContent(lang)) return;
  const p = request(lang);
  p.catch(() => undefined);
  early.set(lang, p);
}

export const landingContentQuery = (lang: string) =>
  queryOptions({
    queryKey: landingKeys.content(lang),
    queryFn: ({ signal }) => getLandingContent(lang, signal),
    // Read without an observer (below), so it must not be garbage-collected while the page shows it.
    gcTime: Infinity,
  });

/**
 * The landing content of one language from TanStack Query's cache (fetching, de-duplication, retry and staleness
 * are the client's). It reads the cache directly instead of through useQuery: the query observer would add about
 * 5 KB gzip to the landing page's first render, which is what the budget is about.
 */
export function useLandingContent(lang: string) {
  const client = useQueryClient();
  const options = useMemo(() => landingContentQuery(lang), [lang]);
  useState(() => {
    // First render of a page that came with its content: into the cache before it is read, so no loading frame.
    const content = embeddedLandingContent(lang);
    if (content && client.getQueryData(options.queryKey) === undefined) client.setQueryData(options.queryKey, content);
  });
  const hash = hashKey(options.queryKey);
  const subscribe = useCallback(
    (onChange: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) onChange();
      }),
    [client, hash],
  );
  const state = useSyncExternalStore(subscribe, () => client.getQueryState(options.queryKey));
  const missing = state === undefined;
  useEffect(() => {
    // Fetches when absent or stale (and again if the cache was cleared while the page is open).
    void client.prefetchQuery(options);
  }, [client, options, missing]);
  const refetch = useCallback(() => client.fetchQuery({ ...options, staleTime: 0 }).catch(() => undefined), [client, options]);
  // After a language switch the page keeps showing the previous language until the new content is here.
  const previous = useRef<LandingContent | undefined>(undefined);
  useEffect(() => {
    if (state?.data) previous.current = state.data;
  }, [state?.data]);
  return {
    data: state?.data ?? (state?.status === 'error' ? undefined : previous.current),
    error: state?.status === 'error' ? state.error : null,
    isError: state?.status === 'error',
    isFetching: state?.fetchStatus === 'fetching',
    refetch,
  };
}
