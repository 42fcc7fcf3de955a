import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { LoadingState } from './spinner';

/**
 * A query's loading and failed (with Retry) states around the screen that shows its data. `refusal` may show a
 * failure of its own instead (a feature's upgrade prompt for the API's 402); null leaves it to the error state.
 */
export function QueryView<T>({
  query,
  loading,
  errorTitle,
  refusal,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  errorTitle: string;
  refusal?: (error: Error) => ReactNode | null;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState title={loading} />;
  if (query.isError) {
    const own = refusal?.(query.error);
    if (own) return <>{own}</>;
    return (
      <div className="card">
        <ErrorState error={query.error} title={errorTitle} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
