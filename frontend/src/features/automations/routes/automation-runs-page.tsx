import { AutomationRunStatus, type AutomationRun } from '@akhada/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ClockIcon } from '../../../components/icons/clock';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { QueryView } from '../../../components/query-view';
import { useUser } from '../../../lib/auth/session';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { useRules, useRuns, useTemplates } from '../api/automations-api';
import { actionText, ruleName, scopeText, triggerText, waitText } from '../lib/rule-text';
import '../automations.css';

const STATUS_TONE: Record<AutomationRunStatus, string> = { done: 'badge--success', skipped: 'badge--neutral', waiting: 'badge--info' };

/**
 * /dashboard/automations/:id: one rule's run log, newest first and paged — who it reached (a member or an enquiry,
 * linked), what the run was about, when it matched and was done, what each action did, or why it was skipped.
 */
export function AutomationRunsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const filterId = useId();
  const [status, setStatus] = useState<AutomationRunStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const rules = useRules();
  const runs = useRuns(id, status, page);
  const rule = rules.data?.find((r) => r._id === id) ?? null;
  const name = rule ? ruleName(t, rule) : null;
  const templates = useTemplates(Boolean(rule?.actions.some((a) => a.type === 'send_template')));
  useDocumentTitle(name ? `${t('automations:runs.title')}: ${name}` : t('automations:runs.title'));

  return (
    <div className="page auto-page">
      <Link to="/dashboard/automations" className="auto-back">
        {t('automations:runs.back')}
      </Link>
      <PageHeader title={name ?? t('automations:runs.title')} subtitle={t('automations:runs.subtitle')} />
      {rule ? (
        <dl className="card auto-rule__facts auto-runs__rule" data-testid="run-log-rule">
          <dt>{t('automations:when')}</dt>
          <dd>
            {triggerText(t, rule.trigger)} · {waitText(t, rule.wait)}
          </dd>
          <dt>{t('automations:only')}</dt>
          <dd>{scopeText(t, rule, user.locations)}</dd>
          <dt>{t('automations:do')}</dt>
          <dd>{rule.actions.map((a) => actionText(t, a, templates.data)).join(' · ')}</dd>
        </dl>
      ) : rules.isSuccess ? (
        <p className="auto-muted">{t('automations:runs.ruleMissing')}</p>
      ) : null}
      <h2 className="section-heading">{t('automations:runs.title')}</h2>
      <div className="auto-runs__bar">
        <label htmlFor={filterId} className="auto-runs__filter">
          <span className="auto-muted">{t('automations:runs.filter')}</span>
          <select
            id={filterId}
            className="input select"
            value={status ?? ''}
            onChange={(e) => {
              setStatus(AutomationRunStatus.safeParse(e.target.value).data);
              setPage(1);
            }}
            data-testid="run-status-filter"
          >
            <option value="">{t('automations:runs.all')}</option>
            {AutomationRunStatus.options.map((s) => (
              <option key={s} value={s}>
                {t(`automations:runs.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {runs.data ? (
          <span className="auto-muted" aria-live="polite" data-testid="run-count">
            {t('automations:runs.count', { count: runs.data.totalCount })}
          </span>
        ) : null}
      </div>
      <QueryView query={runs} loading={t('automations:runs.loading')} errorTitle={t('automations:runs.loadError')}>
        {(result) =>
          result.data.length === 0 ? (
            <div className="card">
              <EmptyState
                icon={<ClockIcon size={28} />}
                title={status ? t('automations:runs.emptyFiltered') : t('automations:runs.empty')}
                hint={status ? undefined : t('automations:runs.emptyHint')}
              />
            </div>
          ) : (
            <>
              <ul className="auto-runs" aria-label={t('automations:runs.listLabel')} aria-busy={runs.isPlaceholderData || undefined} data-testid="run-list">
                {result.data.map((run) => (
                  <li key={run._id}>
                    <RunRow run={run} />
                  </li>
                ))}
              </ul>
              <Pagination page={result.pagination.page} totalPages={result.pagination.totalPages} onChange={setPage} disabled={runs.isFetching} />
            </>
          )
        }
      </QueryView>
    </div>
  );
}

/** What a run was about in words: a day (an end date, a last visit) or a year (a birthday); other ids say nothing. */
const aboutText = (occurrence: string, lang: string): string | null => {
  if (/^\d{4}-\d{2}-\d{2}$/.test(occurrence)) return formatDate(occurrence, lang);
  if (/^\d{4}$/.test(occurrence)) return occurrence;
  return null;
};

function RunRow({ run }: { run: AutomationRun }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const lang = i18n.language;
  const about = aboutText(run.occurrence, lang);
  const to = run.person.kind === 'member' ? `/dashboard/members/${run.person.id}` : `/dashboard/enquiries/${run.person.id}`;
  return (
    <article className="card auto-run" data-testid={`run-${run._id}`}>
      <div className="auto-run__who">
        <Link to={to} className="auto-run__name">
          {run.person.name}
        </Link>
        <span className="auto-muted">{t(`automations:runs.kind.${run.person.kind}`)}</span>
        {about ? <span className="auto-muted">{t('automations:runs.about', { what: about })}</span> : null}
      </div>
      <div className="auto-run__when">
        <span>{t('automations:runs.triggered', { when: formatDateTime(run.triggeredAt, lang) })}</span>
        {run.status === 'waiting' ? <span>{t('automations:runs.due', { when: formatDateTime(run.dueAt, lang) })}</span> : null}
        {run.doneAt ? (
          <span>{t(run.status === 'skipped' ? 'automations:runs.skippedAt' : 'automations:runs.doneAt', { when: formatDateTime(run.doneAt, lang) })}</span>
        ) : null}
      </div>
      <div className="auto-run__what">
        <span className={`badge ${STATUS_TONE[run.status]}`}>{t(`automations:runs.status.${run.status}`)}</span>
        {run.status === 'skipped' && run.reason ? (
          <span className="auto-run__reason" data-testid="run-reason">
            {t('automations:runs.skippedBecause', { reason: t(`automations:runs.reason.${run.reason}`) })}
          </span>
        ) : null}
        {run.actions.length > 0 ? (
          <ul className="auto-run__actions">
            {run.actions.map((a, i) => (
              <li key={i}>
                {a.result === 'skipped' && a.reason
                  ? t('automations:runs.actionSkipped', {
                      action: t(`automations:runs.actionType.${a.type}`),
                      reason: t(`automations:runs.reason.${a.reason}`),
                    })
                  : t('automations:runs.actionResult', {
                      action: t(`automations:runs.actionType.${a.type}`),
                      result: t(`automations:runs.result.${a.result}`),
                    })}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
