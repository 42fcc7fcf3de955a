import { OutboundStatus, type Campaign } from '@akhada/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { QueryView } from '../../../components/query-view';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useCampaign, useCampaignRecipients, useCancelCampaign, type RecipientStatus } from '../api/campaigns-api';
import { campaignTone, formatInZone, recipientTone } from '../lib/labels';
import '../campaigns.css';

const RECIPIENT_STATUSES: RecipientStatus[] = [...OutboundStatus.options, 'cancelled'];
const COUNT_KEYS = ['recipients', 'queued', 'sent', 'delivered', 'read', 'failed', 'cancelled', 'skippedNoConsent', 'skippedNoAddress'] as const;

/**
 * /dashboard/campaigns/:id (owners and admins): a campaign's report — counts per status, the people of one status
 * (by default those it failed for, with the provider's reason), paged — and Cancel for a scheduled one (Stop for one
 * still sending). Read again every few seconds while it sends.
 */
export function CampaignDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(ALL_NS);
  const campaign = useCampaign(id);
  useDocumentTitle(campaign.data?.name ?? t('campaigns:detail.report'));
  const flash = (useLocation().state as { flash?: string } | null)?.flash;
  return (
    <div className="page cmp-page">
      <QueryView query={campaign} loading={t('campaigns:detail.loading')} errorTitle={t('campaigns:detail.loadError')}>
        {(c) => <Report campaign={c} flash={flash} />}
      </QueryView>
    </div>
  );
}

function Report({ campaign: c, flash }: { campaign: Campaign; flash: string | undefined }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const cancel = useCancelCampaign();
  const [status, setStatus] = useState<RecipientStatus>('failed');
  const [page, setPage] = useState(1);
  const live = c.status === 'sending';
  const recipients = useCampaignRecipients(c._id, status, page, live);
  const statusId = useId();
  const lang = i18n.language;
  const cancellable = c.status === 'scheduled' || c.status === 'sending';
  const segmentLabel = t(`campaigns:audience.${c.segment.audience}`);
  const phone = useMediaQuery(MOBILE_QUERY);
  const personLink = (p: { audience: string; personId: string; name: string }) => (
    <Link to={p.audience === 'leads' ? `/dashboard/enquiries/${p.personId}` : `/dashboard/members/${p.personId}`}>{p.name}</Link>
  );

  return (
    <>
      <PageHeader
        title={c.name}
        subtitle={`${t(`campaigns:channel.${c.channel}`)} · ${t(`campaigns:purpose.${c.purpose}`)} · ${segmentLabel}`}
        actions={
          <>
            <Link to="/dashboard/campaigns" className="btn btn--secondary">
              {t('campaigns:backToCampaigns')}
            </Link>
            {cancellable ? (
              <button type="button" className="btn cmp-danger" onClick={() => setConfirming(true)} data-testid="cancel-campaign">
                {c.status === 'scheduled' ? t('campaigns:detail.cancel') : t('campaigns:detail.stop')}
              </button>
            ) : null}
          </>
        }
      />
      {done ? <Alert tone="success">{done}</Alert> : flash ? <Alert tone="success">{flash}</Alert> : null}
      <section className="card cmp-section" aria-label={t('campaigns:detail.report')}>
        <div className="cmp-meta">
          <span className={`badge badge--${campaignTone[c.status]}`} data-testid="campaign-status">
            {t(`campaigns:status.${c.status}`)}
          </span>
          {live ? <span className="text-muted">{t('campaigns:detail.live')}</span> : null}
        </div>
        <dl className="cmp-facts">
          <div>
            <dt>{t('campaigns:detail.template')}</dt>
            <dd>{c.templateName}</dd>
          </div>
          <div>
            <dt>{t('campaigns:detail.scheduledFor')}</dt>
            <dd data-testid="campaign-when">
              {c.sendAt
                ? t('campaigns:detail.localTime', { date: c.sendAt.date, time: c.sendAt.time, zone: c.sendAt.timeZone })
                : formatInZone(c.scheduledAt, undefined, lang)}
            </dd>
          </div>
          {c.startedAt ? (
            <div>
              <dt>{t('campaigns:detail.startedAt')}</dt>
              <dd>{formatDateTime(c.startedAt, lang)}</dd>
            </div>
          ) : null}
          {c.completedAt ? (
            <div>
              <dt>{t('campaigns:detail.completedAt')}</dt>
              <dd>{formatDateTime(c.completedAt, lang)}</dd>
            </div>
          ) : null}
          {c.cancelledAt ? (
            <div>
              <dt>{t('campaigns:detail.cancelledAt')}</dt>
              <dd>{formatDateTime(c.cancelledAt, lang)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('campaigns:form.rate')}</dt>
            <dd>{t('campaigns:detail.rate', { rate: formatNumber(c.ratePerMinute) })}</dd>
          </div>
        </dl>
        <p className="text-muted">{t('campaigns:detail.createdBy', { name: c.createdBy.name, date: formatDateTime(c.createdAt, lang) })}</p>
        <ul className="cmp-stats" data-testid="campaign-counts">
          {COUNT_KEYS.map((k) => (
            <li key={k} className={`cmp-stat${k === 'failed' && c.counts.failed > 0 ? ' cmp-stat--bad' : ''}`} data-testid={`count-${k}`}>
              <span className="cmp-stat__value">{formatNumber(c.counts[k])}</span>
              <span className="cmp-stat__label">{t(`campaigns:detail.counts.${k}`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="card cmp-section" aria-labelledby="cmp-people">
        <div className="cmp-section__head">
          <h2 id="cmp-people" className="cmp-section__title">
            {t('campaigns:detail.recipients')}
          </h2>
          <label htmlFor={statusId} className="cmp-inline-field">
            <span>{t('campaigns:detail.recipientsStatus')}</span>
            <select
              id={statusId}
              className="input select"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as RecipientStatus);
                setPage(1);
              }}
              data-testid="recipient-status"
            >
              {RECIPIENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`campaigns:detail.recipientStatus.${s}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <QueryView query={recipients} loading={t('campaigns:detail.recipientsLoading')} errorTitle={t('campaigns:detail.recipientsError')}>
          {(res) =>
            res.data.recipients.length === 0 ? (
              <p className="text-muted" data-testid="recipients-empty">
                {t('campaigns:detail.recipientsEmpty')}
              </p>
            ) : (
              <>
                {phone ? (
                  <ul className="cmp-cards" data-testid="recipients-list">
                    {res.data.recipients.map((p) => (
                      <li key={`${p.personId}-${p.address}`} className="cmp-card">
                        <div className="cmp-card__head">
                          <span className="cmp-card__name">{personLink(p)}</span>
                          <span className={`badge badge--${recipientTone[p.status]}`}>{t(`campaigns:detail.recipientStatus.${p.status}`)}</span>
                        </div>
                        <p className="cmp-address">{p.address}</p>
                        {p.reason ? <p className="cmp-reason">{p.reason}</p> : null}
                        <p className="text-muted cmp-card__foot">{formatDateTime(p.updatedAt, lang)}</p>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <div className="table-wrap">
                    <table className="table cmp-people" data-testid="recipients-table">
                      <caption className="visually-hidden">
                        {t('campaigns:detail.recipientsCaption', { status: t(`campaigns:detail.recipientStatus.${status}`) })}
                      </caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('campaigns:detail.person')}</th>
                          <th scope="col">{t('campaigns:detail.address')}</th>
                          <th scope="col">{t('campaigns:list.status')}</th>
                          <th scope="col">{t('campaigns:detail.reason')}</th>
                          <th scope="col">{t('campaigns:detail.updated')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {res.data.recipients.map((p) => (
                          <tr key={`${p.personId}-${p.address}`}>
                            <th scope="row" className="table__primary">
                              {personLink(p)}
                            </th>
                            <td className="cmp-address">{p.address}</td>
                            <td>
                              <span className={`badge badge--${recipientTone[p.status]}`}>{t(`campaigns:detail.recipientStatus.${p.status}`)}</span>
                            </td>
                            <td className="cmp-reason">{p.reason ?? t('campaigns:detail.noReason')}</td>
                            <td>{formatDateTime(p.updatedAt, lang)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
                <Pagination page={page} totalPages={res.pagination.totalPages} onChange={setPage} disabled={recipients.isFetching} />
              </>
            )
          }
        </QueryView>
      </section>

      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('campaigns:detail.cancelTitle')}
        description={c.status === 'scheduled' ? t('campaigns:detail.cancelBody') : t('campaigns:detail.stopBody')}
        size="sm"
        testId="cancel-dialog"
        footer={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setConfirming(false)}>
              {t('campaigns:detail.keep')}
            </button>
            <button
              type="button"
              className="btn cmp-danger"
              disabled={cancel.isPending}
              data-testid="confirm-cancel"
              onClick={() =>
                cancel.mutate(c._id, {
                  onSuccess: () => {
                    setConfirming(false);
                    setDone(t('campaigns:detail.cancelled'));
                  },
                })
              }
            >
              {t('campaigns:detail.confirmCancel')}
            </button>
          </>
        }
      >
        {cancel.isError ? <Alert tone="error">{describe(cancel.error)}</Alert> : null}
      </Modal>
    </>
  );
}
