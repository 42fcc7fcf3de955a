import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from './retry-policy';

/** Defaults from the spec: retry once (never a 4xx), no refetch on focus, stale after 5 minutes. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 5 * 60 * 1000 },
      mutations: { retry: shouldRetry },
    },
  });
}
