import type { PosSale } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../../../lib/money';
import { ALL_NS } from '../../../locales/resources';

/** The lines of a sale as the invoice has them (HSN, quantity, price, discount, taxable value, GST) and its totals. */
export function SaleSummary({ sale }: { sale: PosSale }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <>
      <div className="pos-table-wrap">
        <table className="pos-table" data-testid="sale-lines">
          <caption className="visually-hidden">{t('pos:receipt.linesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pos:receipt.item')}</th>
              <th scope="col">{t('pos:receipt.hsn')}</th>
              <th scope="col" className="num">
                {t('pos:receipt.qty')}
              </th>
              <th scope="col" className="num">
                {t('pos:receipt.unitPrice')}
              </th>
              <th scope="col" className="num">
                {t('pos:receipt.discount')}
              </th>
              <th scope="col" className="num">
                {t('pos:receipt.taxable')}
              </th>
              <th scope="col" className="num">
                {t('pos:receipt.gst')}
              </th>
              <th scope="col" className="num">
                {t('pos:receipt.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {sale.lines.map((l) => (
              <tr key={l.itemId}>
                <th scope="row">{l.name}</th>
                <td data-testid="sale-line-hsn">{l.hsn}</td>
                <td className="num">{l.quantity}</td>
                <td className="num">{formatRupees2(l.unitPrice)}</td>
                <td className="num">{l.discount > 0 ? `−${formatRupees2(l.discount)}` : '—'}</td>
                <td className="num">{formatRupees2(l.taxable)}</td>
                <td className="num">
                  {formatRupees2(l.gst)} <span className="text-muted">({t('pos:receipt.rate', { rate: l.gstRate })})</span>
                </td>
                <td className="num">{formatRupees2(l.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="pos-totals pos-totals--receipt" data-testid="sale-totals">
        {sale.totals.discount > 0 ? (
          <div>
            <dt>{t('pos:totals.discount')}</dt>
            <dd>−{formatRupees2(sale.totals.discount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('pos:totals.taxable')}</dt>
          <dd>{formatRupees2(sale.totals.taxable)}</dd>
        </div>
        <div>
          <dt>{t('pos:totals.gst')}</dt>
          <dd>{formatRupees2(sale.totals.gst)}</dd>
        </div>
        <div className="pos-totals__grand">
          <dt>{t('pos:totals.total')}</dt>
          <dd data-testid="sale-total">{formatRupees2(sale.totals.total)}</dd>
        </div>
      </dl>
    </>
  );
}
