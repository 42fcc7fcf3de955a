import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useFeedbackMutations, useMyFeedback } from '../api/feedback-api';
import { useFlash } from '../lib/use-flash';
import { PriorityBadge, Stars, StatusBadge } from './ticket-bits';

const STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;

/** My Feedback: the caller's tickets with their status and the staff response; reopen within 7 days. */
export function MyFeedbackSection() {
  const { t, i18n } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const [status, setStatus] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const list = useMyFeedback(status, page);
  const { status: changeStatus } = useFeedbackMutations();
  const flash = useFlash();

  const reopen = async (id: string) => {
    try {
      await changeStatus.mutateAsync({ id, status: 'open' });
      flash.success(t('feedback:my.reopened'));
    } catch (err) {
      flash.error(describe(err));
    }
  };

  return (
    <section className="card fb-card" aria-labelledby="fb-my-h">
      <div className="fb-card__head">
        <h2 id="fb-my-h" className="card__title">
          {t('feedback:my.heading')}
        </h2>
        <label className="fb-inline-field">
          <span>{t('feedback:my.filter')}</span>
          <select
            className="input select"
            value={status ?? ''}
            onChange={(e) => {
              setStatus(e.target.value || undefined);
              setPage(1);
            }}
            data-testid="fb-my-status"
          >
            <option value="">{t('feedback:my.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`feedback:statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {flash.flash ? <Alert tone={flash.flash.tone}>{flash.flash.text}</Alert> : null}
      {list.isPending ? (
        <div className="state">
          <Spinner />
        </div>
      ) : list.isError ? (
        <Alert tone="error">{t('feedback:my.failed')}</Alert>
      ) : list.data.data.length === 0 ? (
        <EmptyState title={t('feedback:my.empty')} hint={t('feedback:my.emptyHint')} />
      ) : (
        <ul className="fb-list" data-testid="fb-my-list">
          {list.data.data.map((f) => (
            <li key={f._id} className="fb-item" data-testid="fb-my-item">
              <div className="fb-item__head">
                <span className="fb-item__title">
                  {f.emoji ? <span aria-hidden="true">{f.emoji} </span> : null}
                  {f.title}
                </span>
                <StatusBadge status={f.status} />
              </div>
              <div className="fb-item__meta">
                <span className="badge badge--neutral">{t(`feedback:types.${f.type}`)}</span>
                {f.priority ? <PriorityBadge priority={f.priority} /> : null}
                {f.complaintCategory ? <span className="badge badge--neutral">{t(`feedback:categories.${f.complaintCategory}`)}</span> : null}
                {f.trainer ? <span className="text-muted">{`${f.trainer.firstName} ${f.trainer.lastName}`.trim()}</span> : null}
                {f.isAnonymous ? <span className="badge badge--neutral">{t('feedback:my.anonymous')}</span> : null}
                <Stars value={f.rating.overall} />
                <span className="text-muted">{formatDateTime(f.createdAt, i18n.language)}</span>
              </div>
              <p className="fb-item__text">{f.description}</p>
              {f.responses.length ? (
                f.responses.map((r, i) => (
                  <div key={i} className="fb-response" data-testid="fb-response">
                    <p className="fb-response__by">
                      {t('feedback:my.response', { name: `${r.respondedBy.firstName} ${r.respondedBy.lastName}`.trim() })} ·{' '}
                      <span className="text-muted">{formatDateTime(r.respondedAt, i18n.language)}</span>
                    </p>
                    <p className="fb-response__text">{r.message}</p>
                  </div>
                ))
              ) : (
                <p className="text-muted fb-item__none">{t('feedback:my.noResponse')}</p>
              )}
              {f.reopenableUntil && Date.parse(f.reopenableUntil) > Date.now() ? (
                <div className="fb-item__actions">
                  <span className="text-muted">{t('feedback:my.reopenUntil', { date: formatDate(f.reopenableUntil, i18n.language) })}</span>
                  <button type="button" className="btn btn--secondary btn--sm" onClick={() => void reopen(f._id)} disabled={changeStatus.isPending}>
                    {t('feedback:my.reopen')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {list.data ? <Pagination page={page} totalPages={list.data.pagination.totalPages} onChange={setPage} /> : null}
    </section>
  );
}
