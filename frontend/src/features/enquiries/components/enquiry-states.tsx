import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';

/** A query's loading and error states around the screen that shows its data. */
export function QueryView<T>({
  query,
  loading,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState title={loading} />;
  if (query.isError)
    return (
      <div className="card">
        <ErrorState error={query.error} title={errorTitle} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  return <>{children(query.data)}</>;
}
