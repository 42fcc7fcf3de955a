import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import '../../../components/payments-list.css';
import '../payments.css';

/** A payments sub-page: back link to the Payment Dashboard, title, subtitle and actions. */
export function PaymentsPage({
  title,
  subtitle,
  actions,
  back = true,
  testId,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  back?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(title);
  return (
    <div className="page pay" data-testid={testId}>
      {back ? (
        <Link to="/dashboard/payments" className="back-link" data-testid="back-to-payments">
          ← {t('payments:backToPayments')}
        </Link>
      ) : null}
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {children}
    </div>
  );
}
