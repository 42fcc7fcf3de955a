import type { FunnelBy, FunnelReport, FunnelRow } from '@akhada/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { PhoneIcon } from '../../../components/icons/phone';
import { PageHeader } from '../../../components/page-header';
import { QueryView } from '../../../components/query-view';
import { TabList, TabPanel } from '../../../components/tabs';
import { useUser } from '../../../lib/auth/session';
import { formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { downloadFunnelCsv, useFunnelReport, type FunnelFilters } from '../api/reports-api';
import '../enquiries.css';
import '../funnel-report.css';
import { LocationSelect } from '../../../components/location-select';

const GROUPS: FunnelBy[] = ['source', 'owner', 'month'];

/** A calendar day in the browser's own calendar (YYYY-MM-DD). */
const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
/** The default range: the first of the month five months ago to today (six months, by month). */
const defaultRange = (now = new Date()) => ({ from: isoDay(new Date(now.getFullYear(), now.getMonth() - 5, 1)), to: isoDay(now) });

/**
 * /dashboard/enquiries/reports (owners and admins): the enquiry funnel of a date range by source, staff member or
 * month — enquiries, trials, joined, conversion and median days to join — with the lost leads' reasons and a CSV.
 */
export function FunnelReportPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('enquiries:reports.title'));
  const user = useUser();
  const { describe } = useErrorText();
  const ids = { from: useId(), to: useId(), location: useId(), tabs: useId().replace(/:/g, '') };
  const [filters, setFilters] = useState<FunnelFilters>(() => ({ ...defaultRange(), by: 'source' }));
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [downloading, setDownloading] = useState(false);
  const rangeOk = Boolean(filters.from && filters.to && filters.to >= filters.from);
  const report = useFunnelReport(filters, rangeOk);

  const labelOf = (by: FunnelBy, row: FunnelRow) => {
    if (by === 'source') return t(`enquiries:source.${row.key}`, { defaultValue: row.label });
    if (by === 'owner')
      return row.key === 'none'
        ? t('enquiries:unassigned')
        : row.key === user._id
          ? t('enquiries:you')
          : row.label !== row.key
            ? row.label
            : t('enquiries:reports.staff', { id: row.key.slice(0, 8) });
    const [y, m] = row.key.split('-').map(Number);
    return new Intl.DateTimeFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(y!, m! - 1, 1),
    );
  };
  const pct = (n: number) => `${n.toLocaleString(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', { maximumFractionDigits: 1 })}%`;
  const days = (n: number | null) =>
    n === null
      ? '—'
      : t('enquiries:reports.days', { count: n, days: n.toLocaleString(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', { maximumFractionDigits: 1 }) });

  const download = () => {
    setDownloading(true);
    setDownloadError(null);
    downloadFunnelCsv(filters)
      .catch((err: unknown) => setDownloadError(err))
      .finally(() => setDownloading(false));
  };

  const table = (data: FunnelReport) =>
    data.totals.enquiries === 0 ? (
      <div className="card">
        <EmptyState icon={<PhoneIcon size={28} />} title={t('enquiries:reports.empty')} hint={t('enquiries:reports.emptyHint')} />
      </div>
    ) : (
      <>
        <div className="card table-wrap">
          <table className="table enq-report__table" data-testid="funnel-table">
            <caption className="visually-hidden">{t('enquiries:reports.caption', { group: t(`enquiries:reports.by.${data.by}`) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t(`enquiries:reports.by.${data.by}`)}</th>
                <th scope="col">{t('enquiries:reports.enquiries')}</th>
                <th scope="col">{t('enquiries:reports.trials')}</th>
                <th scope="col">{t('enquiries:reports.joined')}</th>
                <th scope="col">{t('enquiries:reports.conversion')}</th>
                <th scope="col">{t('enquiries:reports.medianDays')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.key} data-testid={`funnel-row-${row.key}`}>
                  <th scope="row">{labelOf(data.by, row)}</th>
                  <td>{formatNumber(row.enquiries)}</td>
                  <td>{formatNumber(row.trials)}</td>
                  <td>{formatNumber(row.joined)}</td>
                  <td>{pct(row.conversionPct)}</td>
                  <td>{days(row.medianDaysToJoin)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-testid="funnel-total">
                <th scope="row">{t('enquiries:reports.total')}</th>
                <td>{formatNumber(data.totals.enquiries)}</td>
                <td>{formatNumber(data.totals.trials)}</td>
                <td>{formatNumber(data.totals.joined)}</td>
                <td>{pct(data.totals.conversionPct)}</td>
                <td>{days(data.totals.medianDaysToJoin)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <section className="card enq-report__lost" aria-labelledby={`${ids.tabs}-lost`} data-testid="lost-reasons">
          <h2 id={`${ids.tabs}-lost`}>{t('enquiries:reports.lostTitle')}</h2>
          {data.lostReasons.length === 0 ? (
            <p className="enq-muted">{t('enquiries:reports.noLost')}</p>
          ) : (
            <ul>
              {data.lostReasons.map((l) => (
                <li key={l.reason}>
                  {t(`enquiries:reason.${l.reason}`)}: <strong>{formatNumber(l.count)}</strong>
                </li>
              ))}
            </ul>
          )}
        </section>
      </>
    );

  return (
    <div className="page enq-page">
      <Link to="/dashboard/enquiries" className="enq-back">
        {t('enquiries:detail.back')}
      </Link>
      <PageHeader
        title={t('enquiries:reports.title')}
        subtitle={t('enquiries:reports.subtitle')}
        actions={
          <button type="button" className="btn btn--secondary" onClick={download} disabled={!rangeOk || downloading} data-testid="download-csv">
            {downloading ? t('enquiries:reports.downloading') : t('enquiries:reports.download')}
          </button>
        }
      />
      {downloadError ? (
        <Alert tone="error" title={t('enquiries:reports.downloadError')}>
          {describe(downloadError)}
        </Alert>
      ) : null}
      <section className="enq-filters" aria-label={t('enquiries:reports.filters')}>
        <label htmlFor={ids.from}>
          <span className="enq-filters__label">{t('enquiries:reports.from')}</span>
          <input
            id={ids.from}
            className="input"
            type="date"
            value={filters.from}
            max={filters.to}
            onChange={(e) => setFilters((f) => ({ ...f, from: e.target.value }))}
            data-testid="report-from"
          />
        </label>
        <label htmlFor={ids.to}>
          <span className="enq-filters__label">{t('enquiries:reports.to')}</span>
          <input
            id={ids.to}
            className="input"
            type="date"
            value={filters.to}
            min={filters.from}
            onChange={(e) => setFilters((f) => ({ ...f, to: e.target.value }))}
            data-testid="report-to"
          />
        </label>
        {user.locations.length > 1 ? (
          <label htmlFor={ids.location}>
            <span className="enq-filters__label">{t('enquiries:filters.location')}</span>
            <LocationSelect
              id={ids.location}
              locations={user.locations}
              value={filters.locationId}
              onChange={(locationId) => setFilters((f) => ({ ...f, locationId: locationId || undefined }))}
              blank={t('enquiries:filters.all')}
              testId="report-location"
            />
          </label>
        ) : null}
      </section>
      <TabList
        label={t('enquiries:reports.groupBy')}
        idPrefix={ids.tabs}
        active={filters.by}
        onChange={(by) => setFilters((f) => ({ ...f, by }))}
        tabs={GROUPS.map((key) => ({ key, label: t(`enquiries:reports.by.${key}`), testId: `report-by-${key}` }))}
      />
      <TabPanel idPrefix={ids.tabs} tabKey={filters.by}>
        {rangeOk ? (
          <QueryView query={report} loading={t('enquiries:reports.loading')} errorTitle={t('enquiries:reports.loadError')}>
            {table}
          </QueryView>
        ) : (
          <Alert tone="warning">{t('enquiries:reports.badRange')}</Alert>
        )}
      </TabPanel>
    </div>
  );
}
