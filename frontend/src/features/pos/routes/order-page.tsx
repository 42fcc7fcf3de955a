import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { LoadingState } from '../../../components/spinner';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { InvoiceStatus } from '../components/invoice-status';
import { SaleSummary } from '../components/sale-summary';
import { SHOP_PAY_WITHIN_MINUTES } from '../lib/shop';
import { useInvoiceWait } from '../lib/use-invoice-wait';
import '../pos.css';

/** A member's order: its status as the server has it (awaiting payment → Pay now; paid → pick up at the desk). */
export function OrderPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('pos:order.pageTitle'));
  const user = useUser();
  const { saleId = '' } = useParams();
  const { sale, waiting, timedOut, retry } = useInvoiceWait(saleId);
  if (sale.isPending)
    return (
      <div className="page">
        <LoadingState title={t('pos:order.loading')} />
      </div>
    );
  if (sale.isError)
    return (
      <div className="page">
        <ErrorState error={sale.error} onRetry={() => void sale.refetch()} retrying={sale.isFetching} title={t('pos:order.loadError')} />
      </div>
    );
  const s = sale.data;
  const location = user.locations.find((l) => l._id === s.locationId)?.name ?? user.organization.name;
  return (
    <div className="page pos-page">
      <PageHeader
        title={t('pos:order.title')}
        subtitle={t('pos:order.number', { number: s._id.slice(0, 8).toUpperCase() })}
        actions={
          <Link to="/dashboard/me/shop" className="btn btn--secondary">
            {t('pos:order.back')}
          </Link>
        }
      />
      <section className="card pos-receipt" data-testid="order">
        <p className={`pos-badge pos-badge--${s.status}`} data-testid="order-status">
          {t(`pos:status.${s.status}`)}
        </p>
        <p className="pos-order-next">
          {s.status === 'completed'
            ? t('pos:order.pickUp', { location })
            : s.status === 'cancelled'
              ? t('pos:order.cancelled', { minutes: SHOP_PAY_WITHIN_MINUTES })
              : t('pos:order.payFirst', {
                  minutes: SHOP_PAY_WITHIN_MINUTES,
                  time: new Date(Date.parse(s.createdAt) + SHOP_PAY_WITHIN_MINUTES * 60_000).toLocaleTimeString(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', {
                    hour: 'numeric',
                    minute: '2-digit',
                    numberingSystem: 'latn',
                  }),
                })}
        </p>
        <SaleSummary sale={s} />
      </section>
      <InvoiceStatus sale={s} waiting={waiting} timedOut={timedOut} onRetry={retry} />
    </div>
  );
}
