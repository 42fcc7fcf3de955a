import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../../../lib/money';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatDate, formatNumber } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { downloadPaymentsCsv, downloadTallyXml, useReports } from '../api/payments-api';
import { PaymentsPage } from '../components/payments-shell';
import { BreakdownBars } from '../components/trend-chart';
import { monthLabel } from '../lib/payment-labels';

/** /dashboard/payments/reports: monthly collections, by method, by type, outstanding dues, GST summary; CSV export. */
export function ReportsPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [draft, setDraft] = useState({ startDate: '', endDate: '' });
  const [range, setRange] = useState<{ startDate?: string; endDate?: string }>({});
  const [rangeError, setRangeError] = useState(false);
  const [exporting, setExporting] = useState(false);
  /** The GSTIN whose Tally file is being prepared. */
  const [tallyGstin, setTallyGstin] = useState<string | null>(null);
  const query = useReports(range);
  const lang = i18n.language;

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (draft.startDate && draft.endDate && draft.endDate < draft.startDate) {
      setRangeError(true);
      return;
    }
    setRangeError(false);
    setRange({ startDate: draft.startDate || undefined, endDate: draft.endDate || undefined });
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadPaymentsCsv(range);
    } catch (err) {
      toast.error(describe(err, { fallback: t('payments:reports.exportFailed') }));
    } finally {
      setExporting(false);
    }
  };
  const exportTally = async (gstin: string, startDate: string, endDate: string) => {
    setTallyGstin(gstin);
    try {
      await downloadTallyXml({ gstin, startDate, endDate });
    } catch (err) {
      toast.error(describe(err, { fallback: t('payments:reports.tallyFailed') }));
    } finally {
      setTallyGstin(null);
    }
  };

  let body;
  if (query.isPending) body = <LoadingState title={t('payments:reports.loading')} />;
  else if (query.isError)
    body = (
      <section className="card">
        <ErrorState error={query.error} title={t('payments:reports.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </section>
    );
  else {
    const r = query.data;
    body = (
      <div className="pay-stack" aria-busy={query.isFetching}>
        <p className="text-muted" data-testid="reports-range">
          {t('payments:analytics.range', { start: formatDate(r.startDate, lang), end: formatDate(r.endDate, lang) })}
        </p>
        <section className="card card--flush" aria-labelledby="rep-monthly">
          <h2 id="rep-monthly" className="card__title card__title--padded">
            {t('payments:reports.monthly')}
          </h2>
          {r.monthlyCollections.length === 0 ? (
            <p className="text-muted pay-pad">{t('payments:analytics.none')}</p>
          ) : (
            <div className="table-wrap">
              <table className="table pay-table" data-testid="reports-monthly">
                <thead>
                  <tr>
                    <th scope="col">{t('payments:reports.month')}</th>
                    <th scope="col" className="pay-num">
                      {t('payments:reports.collected')}
                    </th>
                    <th scope="col" className="pay-num">
                      {t('payments:analytics.refunds')}
                    </th>
                    <th scope="col" className="pay-num">
                      {t('payments:analytics.net')}
                    </th>
                    <th scope="col" className="pay-num">
                      {t('payments:analytics.transactions')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {r.monthlyCollections.map((m) => (
                    <tr key={m.month}>
                      <td data-label={t('payments:reports.month')}>{monthLabel(m.month, lang)}</td>
                      <td data-label={t('payments:reports.collected')} className="pay-num">
                        {formatRupees2(m.collected)}
                      </td>
                      <td data-label={t('payments:analytics.refunds')} className="pay-num">
                        {formatRupees2(m.refunded)}
                      </td>
                      <td data-label={t('payments:analytics.net')} className="pay-num">
                        {formatRupees2(m.net)}
                      </td>
                      <td data-label={t('payments:analytics.transactions')} className="pay-num">
                        {formatNumber(m.transactions)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <div className="pay-grid">
          <section className="card pay-panel" aria-labelledby="rep-method">
            <h2 id="rep-method" className="card__title">
              {t('payments:analytics.methods')}
            </h2>
            <BreakdownBars
              testId="reports-methods"
              rows={r.byMethod.map((m) => ({ key: m.method, label: t(`payments:methods.${m.method}`), amount: m.amount, count: m.count }))}
            />
          </section>
          <section className="card pay-panel" aria-labelledby="rep-type">
            <h2 id="rep-type" className="card__title">
              {t('payments:reports.byType')}
            </h2>
            <BreakdownBars
              testId="reports-types"
              rows={r.byType.map((m) => ({
                key: `${m.category}-${m.paymentType}`,
                label: `${t(`payments:categories.${m.category}`)} · ${t(`payments:types.${m.paymentType}` as 'payments:types.other')}`,
                amount: m.amount,
                count: m.count,
              }))}
            />
          </section>
          <section className="card pay-panel" aria-labelledby="rep-out">
            <h2 id="rep-out" className="card__title">
              {t('payments:reports.outstanding')}
            </h2>
            <p className="pay-card__value" data-testid="reports-outstanding">
              {formatRupees2(r.outstanding.amount)}
            </p>
            <p className="text-muted">{t('payments:dashboard.pendingCount', { count: r.outstanding.count })}</p>
            <BreakdownBars
              testId="reports-buckets"
              rows={r.outstanding.buckets.map((b) => ({ key: b.bucket, label: t(`payments:reports.buckets.${b.bucket}`), amount: b.amount, count: b.count }))}
            />
          </section>
        </div>
        <section className="card card--flush" aria-labelledby="rep-gst">
          <h2 id="rep-gst" className="card__title card__title--padded">
            {t('payments:reports.gst')}
          </h2>
          {r.gstSummary.some((g) => g.gstin) ? (
            <div className="pay-pad pay-toolbar" data-testid="reports-tally">
              <p className="text-muted" id="rep-tally-hint">
                {t('payments:reports.tallyHint')}
              </p>
              {[...new Set(r.gstSummary.flatMap((g) => (g.gstin ? [g.gstin] : [])))].map((gstin) => (
                <button
                  key={gstin}
                  type="button"
                  className="btn btn--secondary"
                  aria-describedby="rep-tally-hint"
                  disabled={tallyGstin !== null}
                  onClick={() => void exportTally(gstin, r.startDate, r.endDate)}
                  data-testid={`export-tally-${gstin}`}
                >
                  {tallyGstin === gstin ? t('payments:reports.tallyExporting') : t('payments:reports.tally', { gstin })}
                </button>
              ))}
            </div>
          ) : null}
          {r.gstSummary.length === 0 ? (
            <p className="text-muted pay-pad">{t('payments:reports.gstEmpty')}</p>
          ) : (
            <div className="table-wrap">
              <table className="table pay-table" data-testid="reports-gst">
                <thead>
                  <tr>
                    <th scope="col">{t('payments:reports.gstin')}</th>
                    <th scope="col">{t('payments:reports.month')}</th>
                    <th scope="col" className="pay-num">
                      {t('payments:reports.taxable')}
                    </th>
                    <th scope="col" className="pay-num">
                      {t('payments:reports.cgst')}
                    </th>
                    <th scope="col" className="pay-num">
                      {t('payments:reports.sgst')}
                    </th>
                    <th scope="col" className="pay-num">
                      {t('payments:reports.igst')}
                    </th>
                    <th scope="col" className="pay-num">
                      {t('payments:reports.totalTax')}
                    </th>
                    <th scope="col" className="pay-num">
                      {t('payments:reports.documents')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {r.gstSummary.map((g) => (
                    <tr key={`${g.gstin ?? '-'}-${g.month}`}>
                      <td data-label={t('payments:reports.gstin')} className="pay-mono">
                        {g.gstin ?? t('payments:reports.unregistered')}
                      </td>
                      <td data-label={t('payments:reports.month')}>{monthLabel(g.month, lang)}</td>
                      <td data-label={t('payments:reports.taxable')} className="pay-num">
                        {formatRupees2(g.taxableValue)}
                      </td>
                      <td data-label={t('payments:reports.cgst')} className="pay-num">
                        {formatRupees2(g.cgst)}
                      </td>
                      <td data-label={t('payments:reports.sgst')} className="pay-num">
                        {formatRupees2(g.sgst)}
                      </td>
                      <td data-label={t('payments:reports.igst')} className="pay-num">
                        {formatRupees2(g.igst)}
                      </td>
                      <td data-label={t('payments:reports.totalTax')} className="pay-num">
                        {formatRupees2(g.totalTax)}
                      </td>
                      <td data-label={t('payments:reports.documents')} className="pay-num">
                        {t('payments:reports.documentsValue', { invoices: g.invoices, creditNotes: g.creditNotes })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="card card--flush" aria-labelledby="rep-gst-state">
          <h2 id="rep-gst-state" className="card__title card__title--padded">
            {t('payments:reports.gstByState')}
          </h2>
          {r.gstByState.length === 0 ? (
            <p className="text-muted pay-pad">{t('payments:reports.gstEmpty')}</p>
          ) : (
            <div className="table-wrap">
              <table className="table pay-table" data-testid="reports-gst-state">
                <thead>
                  <tr>
                    <th scope="col">{t('payments:reports.gstin')}</th>
                    <th scope="col">{t('payments:reports.placeOfSupply')}</th>
                    <th scope="col">{t('payments:reports.supplyKind')}</th>
                    <th scope="col" className="pay-num">
                      {t('payments:reports.taxable')}
                    </th>
                    <th scope="col" className="pay-num">
                      {t('payments:reports.cgst')}
                    </th>
                    <th scope="col" className="pay-num">
                      {t('payments:reports.sgst')}
                    </th>
                    <th scope="col" className="pay-num">
                      {t('payments:reports.igst')}
                    </th>
                    <th scope="col" className="pay-num">
                      {t('payments:reports.totalTax')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {r.gstByState.map((g) => (
                    <tr key={`${g.gstin ?? '-'}-${g.placeOfSupply.stateCode}`}>
                      <td data-label={t('payments:reports.gstin')} className="pay-mono">
                        {g.gstin ?? t('payments:reports.unregistered')}
                      </td>
                      <td data-label={t('payments:reports.placeOfSupply')}>
                        {g.placeOfSupply.stateName} ({g.placeOfSupply.stateCode})
                      </td>
                      <td data-label={t('payments:reports.supplyKind')}>{t(`payments:reports.supply.${g.supply}`)}</td>
                      <td data-label={t('payments:reports.taxable')} className="pay-num">
                        {formatRupees2(g.taxableValue)}
                      </td>
                      <td data-label={t('payments:reports.cgst')} className="pay-num">
                        {formatRupees2(g.cgst)}
                      </td>
                      <td data-label={t('payments:reports.sgst')} className="pay-num">
                        {formatRupees2(g.sgst)}
                      </td>
                      <td data-label={t('payments:reports.igst')} className="pay-num">
                        {formatRupees2(g.igst)}
                      </td>
                      <td data-label={t('payments:reports.totalTax')} className="pay-num">
                        {formatRupees2(g.totalTax)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    );
  }

  return (
    <PaymentsPage
      title={t('payments:reports.title')}
      subtitle={t('payments:reports.subtitle')}
      testId="reports-page"
      actions={
        <button type="button" className="btn btn--secondary" onClick={() => void exportCsv()} disabled={exporting} data-testid="export-csv">
          {exporting ? t('payments:reports.exporting') : t('payments:reports.export')}
        </button>
      }
    >
      <form className="card pay-toolbar pay-filters" onSubmit={apply} noValidate>
        <label className="field">
          <span className="field__label">{t('payments:filters.from')}</span>
          <input type="date" className="input" value={draft.startDate} onChange={(e) => setDraft({ ...draft, startDate: e.target.value })} />
        </label>
        <label className="field">
          <span className="field__label">{t('payments:filters.to')}</span>
          <input type="date" className="input" value={draft.endDate} onChange={(e) => setDraft({ ...draft, endDate: e.target.value })} />
        </label>
        <button type="submit" className="btn btn--primary">
          {t('payments:analytics.apply')}
        </button>
        {rangeError ? (
          <p className="field__error" role="alert">
            {t('payments:analytics.customError')}
          </p>
        ) : null}
      </form>
      {body}
    </PaymentsPage>
  );
}
