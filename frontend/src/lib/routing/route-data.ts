import type { User } from '@akhada/contracts';
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';

/** What a route's data needs to know: its path parameters, the address's query string and who is signed in. */
export interface RouteDataContext {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  user: User;
}

/**
 * A route's loader: the queries its screen will ask for, built from the address and the user with the same query
 * options the screen uses (so they land in the very cache entries the screen reads). Started with the route's code
 * (at boot beside the page's chunk, on navigation before the chunk arrives) instead of after it has rendered.
 */
// The options' types differ per query; the runner only hands them to the query client.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RouteData = (ctx: RouteDataContext) => FetchQueryOptions<any, any, any, any>[];

/** Starts each query that is not in the cache yet (as React Query's usePrefetchQuery does); never throws. */
export function prefetchAll(queryClient: QueryClient, queries: ReturnType<RouteData>) {
  for (const options of queries) {
    if (queryClient.getQueryState(options.queryKey) === undefined) void queryClient.prefetchQuery(options);
  }
}
