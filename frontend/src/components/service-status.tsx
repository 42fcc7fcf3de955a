import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { recordCount, type ServiceEnvelope } from '../lib/service-envelope';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { LoadingState } from './spinner';
import { ALL_NS } from '../locales/resources';

/**
 * The body of a screen whose service has no screen contract yet: it makes the real call and reports
 * honestly what happened (loading, the service's error with Retry, or how many records it holds).
 */
export function ServiceStatus({ query, success }: { query: UseQueryResult<ServiceEnvelope>; success?: (data: ServiceEnvelope) => ReactNode }) {
  const { t } = useTranslation(ALL_NS);
  if (query.isPending) return <LoadingState title={t('services:loading')} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (success) return <>{success(query.data)}</>;
  const count = recordCount(query.data);
  return <EmptyState title={count ? t('services:records', { count }) : t('services:noRecords')} />;
}
