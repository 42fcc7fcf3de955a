import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { useUser } from '../../../lib/auth/session';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { InvoiceStatus } from '../components/invoice-status';
import { SaleSummary } from '../components/sale-summary';
import { useInvoiceWait } from '../lib/use-invoice-wait';
import '../pos.css';

/** The receipt of a counter sale: print-friendly (the shell is left out on paper), with the invoice PDF once issued. */
export function ReceiptPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('pos:receipt.pageTitle'));
  const user = useUser();
  const { saleId = '' } = useParams();
  const { sale, waiting, timedOut, retry } = useInvoiceWait(saleId);

  if (sale.isPending) return <LoadingState title={t('pos:receipt.loading')} />;
  if (sale.isError)
    return (
      <div className="page">
        <ErrorState error={sale.error} onRetry={() => void sale.refetch()} retrying={sale.isFetching} title={t('pos:receipt.loadError')} />
      </div>
    );
  const s = sale.data;
  const location = user.locations.find((l) => l._id === s.locationId);
  const buyer = s.buyer.kind === 'member' ? s.buyer.name : [s.buyer.name, s.buyer.phone].filter(Boolean).join(' · ') || t('pos:receipt.walkIn');
  return (
    <div className="page pos-receipt-page">
      <div className="pos-receipt-actions no-print">
        <Link to="/dashboard/pos" className="btn btn--secondary" data-testid="receipt-new-sale">
          {t('pos:receipt.newSale')}
        </Link>
        <button type="button" className="btn btn--secondary" onClick={() => window.print()} data-testid="receipt-print">
          {t('pos:receipt.print')}
        </button>
      </div>
      <article className="card pos-receipt" aria-labelledby="receipt-title" data-testid="receipt">
        <header className="pos-receipt__head">
          <div>
            <h1 id="receipt-title" className="pos-receipt__title">
              {t('pos:receipt.title')}
            </h1>
            <p className="pos-receipt__org">
              {user.organization.name}
              {location ? ` · ${location.name}` : ''}
            </p>
          </div>
          <p className={`pos-badge pos-badge--${s.status}`} data-testid="receipt-status">
            {t(`pos:status.${s.status}`)}
          </p>
        </header>
        <dl className="pos-receipt__facts">
          <div>
            <dt>{t('pos:receipt.date')}</dt>
            <dd>{formatDateTime(s.completedAt ?? s.createdAt, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('pos:receipt.buyer')}</dt>
            <dd data-testid="receipt-buyer">{buyer}</dd>
          </div>
          <div>
            <dt>{t('pos:receipt.method')}</dt>
            <dd>{t(`pos:methods.${s.paymentMethod}`)}</dd>
          </div>
          <div>
            <dt>{t('pos:receipt.soldBy')}</dt>
            <dd>{s.soldBy.name}</dd>
          </div>
          <div>
            <dt>{t('pos:receipt.saleNo')}</dt>
            <dd className="pos-mono">{s._id.slice(0, 8).toUpperCase()}</dd>
          </div>
          {s.invoice ? (
            <div>
              <dt>{t('pos:receipt.invoiceNo')}</dt>
              <dd>{s.invoice.number}</dd>
            </div>
          ) : null}
        </dl>
        <SaleSummary sale={s} />
        <p className="pos-receipt__foot">{t('pos:receipt.thanks')}</p>
      </article>
      <InvoiceStatus sale={s} waiting={waiting} timedOut={timedOut} onRetry={retry} />
    </div>
  );
}
