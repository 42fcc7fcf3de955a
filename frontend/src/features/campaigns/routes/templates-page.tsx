import { TemplateChannel, type MarketingChannel, type MessageTemplate } from '@akhada/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { MailIcon } from '../../../components/icons/mail';
import { PageHeader } from '../../../components/page-header';
import { QueryView } from '../../../components/query-view';
import { TabList, TabPanel } from '../../../components/tabs';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { useTemplates } from '../api/templates-api';
import { approvalTone } from '../lib/labels';
import '../campaigns.css';

/**
 * /dashboard/campaigns/templates (owners and admins): the organization's message templates per channel (a tab each,
 * kept in ?channel=), with their category, languages, WhatsApp's review per language and the archived ones on request.
 */
export function TemplatesPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('campaigns:templates.title'));
  const [params, setParams] = useSearchParams();
  const parsed = TemplateChannel.safeParse(params.get('channel'));
  const channel: MarketingChannel = parsed.success ? parsed.data : 'whatsapp';
  const archived = params.get('archived') === 'true';
  const templates = useTemplates(channel, archived);
  const archivedId = useId();
  const set = (key: string, value: string | null) => {
    const p = new URLSearchParams(params);
    if (value === null) p.delete(key);
    else p.set(key, value);
    setParams(p, { replace: true });
  };
  const channelName = t(`campaigns:channel.${channel}`);

  const languages = (x: MessageTemplate) =>
    (['en', 'hi'] as const)
      .filter((l) => x.bodies[l] !== undefined)
      .map((l) => t(`campaigns:preview.${l}`))
      .join(', ');

  return (
    <div className="page cmp-page">
      <PageHeader
        title={t('campaigns:templates.title')}
        subtitle={t('campaigns:templates.subtitle')}
        actions={
          <>
            <Link to="/dashboard/campaigns" className="btn btn--secondary">
              {t('campaigns:backToCampaigns')}
            </Link>
            <Link to={`/dashboard/campaigns/templates/new?channel=${channel}`} className="btn btn--primary" data-testid="new-template-link">
              {t('campaigns:templates.new')}
            </Link>
          </>
        }
      />
      <div className="cmp-tabs-row">
        <TabList
          label={t('campaigns:templates.channelsLabel')}
          idPrefix="templates"
          active={channel}
          onChange={(c) => set('channel', c)}
          tabs={TemplateChannel.options.map((c) => ({ key: c, label: t(`campaigns:channel.${c}`), testId: `templates-tab-${c}` }))}
        />
        <label className="cmp-choice cmp-choice--single" htmlFor={archivedId}>
          <input
            id={archivedId}
            type="checkbox"
            checked={archived}
            onChange={(e) => set('archived', e.target.checked ? 'true' : null)}
            data-testid="show-archived"
          />
          <span>{t('campaigns:templates.showArchived')}</span>
        </label>
      </div>
      <TabPanel idPrefix="templates" tabKey={channel} className="cmp-tab-panel">
        <QueryView query={templates} loading={t('campaigns:templates.loading')} errorTitle={t('campaigns:templates.loadError')}>
          {(list) =>
            list.length === 0 ? (
              <div className="card">
                <EmptyState
                  icon={<MailIcon size={28} />}
                  title={t('campaigns:templates.empty', { channel: channelName })}
                  hint={t('campaigns:templates.emptyHint')}
                  action={
                    <Link to={`/dashboard/campaigns/templates/new?channel=${channel}`} className="btn btn--primary">
                      {t('campaigns:templates.new')}
                    </Link>
                  }
                />
              </div>
            ) : (
              <ul className="cmp-cards cmp-cards--grid" data-testid="template-list" aria-label={t('campaigns:templates.caption', { channel: channelName })}>
                {list.map((x) => (
                  <li key={x.id} className={`cmp-card${x.archivedAt ? ' cmp-card--archived' : ''}`}>
                    <div className="cmp-card__head">
                      <Link to={`/dashboard/campaigns/templates/${x.id}`} className="cmp-card__name">
                        {x.name}
                      </Link>
                      <span className={`badge badge--${x.category === 'marketing' ? 'info' : 'neutral'}`}>{t(`campaigns:purpose.${x.category}`)}</span>
                    </div>
                    <p className="text-muted">
                      {t('campaigns:templates.languages')}: {languages(x)}
                      {x.archivedAt ? ` · ${t('campaigns:templates.archived')}` : ''}
                    </p>
                    {x.channel === 'whatsapp' ? (
                      <p className="cmp-review" aria-label={t('campaigns:templates.review')}>
                        {(['en', 'hi'] as const).map((l) => {
                          const s = x.whatsappStatus[l];
                          return s ? (
                            <span key={l} className={`badge badge--${approvalTone[s]}`} data-testid={`review-${x.name}-${l}`}>
                              {t('campaigns:templates.languageReview', {
                                language: t(`campaigns:preview.${l}`),
                                status: t(`campaigns:templates.approval.${s}`),
                              })}
                            </span>
                          ) : null;
                        })}
                      </p>
                    ) : null}
                    <p className="cmp-card__body">{(i18n.language === 'hi' ? x.bodies.hi : undefined) ?? x.bodies.en ?? x.bodies.hi}</p>
                    <p className="text-muted cmp-card__foot">
                      {t('campaigns:templates.updated')}: {formatDate(x.updatedAt, i18n.language)}
                    </p>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </TabPanel>
    </div>
  );
}
