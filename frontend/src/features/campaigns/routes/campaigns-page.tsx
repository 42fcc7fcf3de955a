import { CampaignStatus, type Campaign } from '@akhada/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { MailIcon } from '../../../components/icons/mail';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { QueryView } from '../../../components/query-view';
import { formatNumber } from '../../../lib/format';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { useCampaigns } from '../api/campaigns-api';
import { campaignTone, formatInZone } from '../lib/labels';
import '../campaigns.css';

/**
 * /dashboard/campaigns (owners and admins): the organization's campaigns, newest first, with status, channel and
 * counts; a filter by status; links to a new campaign and to the templates. Sending ones are read again every few seconds.
 */
export function CampaignsPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('campaigns:title'));
  const phone = useMediaQuery(MOBILE_QUERY);
  const statusId = useId();
  const [status, setStatus] = useState<CampaignStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const campaigns = useCampaigns(status, page);

  const when = (c: Campaign) => formatInZone(c.scheduledAt, c.sendAt?.timeZone, i18n.language);
  const delivered = (c: Campaign) => c.counts.delivered + c.counts.read;
  const badge = (c: Campaign) => <span className={`badge badge--${campaignTone[c.status]}`}>{t(`campaigns:status.${c.status}`)}</span>;

  return (
    <div className="page cmp-page">
      <PageHeader
        title={t('campaigns:title')}
        subtitle={t('campaigns:subtitle')}
        actions={
          <>
            <Link to="/dashboard/campaigns/templates" className="btn btn--secondary" data-testid="templates-link">
              {t('campaigns:templatesLink')}
            </Link>
            <Link to="/dashboard/campaigns/new" className="btn btn--primary" data-testid="new-campaign-link">
              {t('campaigns:new')}
            </Link>
          </>
        }
      />
      <div className="cmp-filters">
        <label htmlFor={statusId}>
          <span className="cmp-filters__label">{t('campaigns:statusFilter')}</span>
          <select
            id={statusId}
            className="input select"
            value={status ?? ''}
            onChange={(e) => {
              setStatus(e.target.value === '' ? undefined : CampaignStatus.parse(e.target.value));
              setPage(1);
            }}
            data-testid="status-filter"
          >
            <option value="">{t('campaigns:all')}</option>
            {CampaignStatus.options.map((s) => (
              <option key={s} value={s}>
                {t(`campaigns:status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryView query={campaigns} loading={t('campaigns:loading')} errorTitle={t('campaigns:loadError')}>
        {(res) =>
          res.data.campaigns.length === 0 ? (
            <div className="card">
              <EmptyState
                icon={<MailIcon size={28} />}
                title={status ? t('campaigns:emptyFiltered') : t('campaigns:empty')}
                hint={status ? undefined : t('campaigns:emptyHint')}
                action={
                  status ? undefined : (
                    <Link to="/dashboard/campaigns/new" className="btn btn--primary">
                      {t('campaigns:new')}
                    </Link>
                  )
                }
              />
            </div>
          ) : (
            <>
              {phone ? (
                <ul className="cmp-cards" data-testid="campaign-list">
                  {res.data.campaigns.map((c) => (
                    <li key={c._id} className="cmp-card">
                      <div className="cmp-card__head">
                        <Link to={`/dashboard/campaigns/${c._id}`} className="cmp-card__name">
                          {c.name}
                        </Link>
                        {badge(c)}
                      </div>
                      <p className="text-muted">
                        {t(`campaigns:channel.${c.channel}`)} · {when(c)}
                      </p>
                      <p>
                        {t('campaigns:list.summary', {
                          recipients: formatNumber(c.counts.recipients),
                          delivered: formatNumber(delivered(c)),
                          failed: formatNumber(c.counts.failed),
                        })}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : (
                <div className="card table-wrap">
                  <table className="table" data-testid="campaign-table">
                    <caption className="visually-hidden">{t('campaigns:list.caption')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('campaigns:list.name')}</th>
                        <th scope="col">{t('campaigns:list.channel')}</th>
                        <th scope="col">{t('campaigns:list.status')}</th>
                        <th scope="col">{t('campaigns:list.when')}</th>
                        <th scope="col" className="cmp-num">
                          {t('campaigns:list.recipients')}
                        </th>
                        <th scope="col" className="cmp-num">
                          {t('campaigns:list.delivered')}
                        </th>
                        <th scope="col" className="cmp-num">
                          {t('campaigns:list.failed')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {res.data.campaigns.map((c) => (
                        <tr key={c._id}>
                          <th scope="row" className="table__primary">
                            <Link to={`/dashboard/campaigns/${c._id}`}>{c.name}</Link>
                          </th>
                          <td>{t(`campaigns:channel.${c.channel}`)}</td>
                          <td>{badge(c)}</td>
                          <td>{when(c)}</td>
                          <td className="cmp-num">{formatNumber(c.counts.recipients)}</td>
                          <td className="cmp-num">{formatNumber(delivered(c))}</td>
                          <td className="cmp-num">{formatNumber(c.counts.failed)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <Pagination page={page} totalPages={res.pagination.totalPages} onChange={setPage} disabled={campaigns.isFetching} />
            </>
          )
        }
      </QueryView>
    </div>
  );
}
