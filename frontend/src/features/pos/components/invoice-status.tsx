import type { PosSale } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PayOnlineButton } from '../../../components/pay-online-button';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { downloadInvoice } from '../../../lib/shared-queries/payments';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';

/**
 * Where the sale's tax invoice is: on its way ("Issuing invoice…", then a timeout message with Retry), waiting for the
 * online payment (with Pay now where the payment exists), or issued (its number and the PDF download).
 */
export function InvoiceStatus({ sale, waiting, timedOut, onRetry }: { sale: PosSale; waiting: boolean; timedOut: boolean; onRetry: () => void }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [downloading, setDownloading] = useState(false);

  const download = (invoiceId: string, number: string) => {
    setDownloading(true);
    downloadInvoice(invoiceId, number, i18n.language === 'hi' ? 'hi' : 'en')
      .catch((e: unknown) => toast.error(describe(e)))
      .finally(() => setDownloading(false));
  };

  let body;
  if (sale.invoice) {
    const { invoiceId, number } = sale.invoice;
    body = (
      <div className="pos-invoice pos-invoice--ready">
        <p>
          {t('pos:invoice.issued')} <strong data-testid="invoice-number">{number}</strong>
        </p>
        <button type="button" className="btn btn--primary" onClick={() => download(invoiceId, number)} disabled={downloading} data-testid="invoice-download">
          {downloading ? t('pos:invoice.downloading') : t('pos:invoice.download')}
        </button>
      </div>
    );
  } else if (sale.status === 'cancelled') {
    body = <p className="alert alert--warning">{t('pos:invoice.cancelled')}</p>;
  } else if (timedOut) {
    body = (
      <div className="alert alert--warning" data-testid="invoice-timeout">
        <p>{sale.status === 'awaiting_payment' ? t('pos:invoice.paymentTimeout') : t('pos:invoice.timeout')}</p>
        <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry} data-testid="invoice-retry">
          {t('pos:invoice.retry')}
        </button>
      </div>
    );
  } else if (sale.status === 'awaiting_payment') {
    body = (
      <div className="pos-invoice" data-testid="invoice-awaiting-payment">
        <p>{t('pos:invoice.awaitingPayment')}</p>
        {sale.onlinePayment ? (
          <PayOnlineButton payment={{ _id: sale.onlinePayment.paymentId, status: 'pending' }} label={t('pos:invoice.payNow')} />
        ) : (
          <p className="text-muted pos-invoice__waiting">
            <Spinner size="sm" /> {t('pos:invoice.preparingPayment')}
          </p>
        )}
      </div>
    );
  } else if (waiting) {
    body = (
      <p className="pos-invoice__waiting" data-testid="invoice-waiting">
        <Spinner size="sm" /> {t('pos:invoice.issuing')}
      </p>
    );
  }
  return (
    <div className="pos-invoice-status no-print" role="status" aria-live="polite">
      {body}
    </div>
  );
}
