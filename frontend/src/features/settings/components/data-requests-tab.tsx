import type { DataRequest } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { useDataRequestQueue, useDecideDataRequest, usePersonConsents } from '../api/data-rights';
import { ConsentHistory } from './consent-history';
import { RequestStatus } from './my-data-rights';

/** One open request: its details, the person's consent history, and a note with Approve / Reject. */
function OpenRequest({ request }: { request: DataRequest }) {
  const { t } = useTranslation('datarights');
  const decide = useDecideDataRequest();
  const toast = useToast();
  const { describe } = useErrorText();
  const [note, setNote] = useState('');
  const [showConsents, setShowConsents] = useState(false);
  const consents = usePersonConsents(request.userId);
  const act = (decision: 'approve' | 'reject') => decide.mutate({ id: request.id, decision, note }, { onSuccess: () => toast.success(t('queue.updated')) });
  return (
    <div className="form">
      {request.details ? <p>{request.details}</p> : null}
      <button type="button" className="btn btn--ghost btn--sm" aria-expanded={showConsents} onClick={() => setShowConsents((v) => !v)}>
        {t('queue.consents')}
      </button>
      {showConsents && consents.data ? <ConsentHistory records={consents.data.records} /> : null}
      <label className="field">
        <span className="field__label">{t('queue.note')}</span>
        <textarea className="input" rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} data-testid="queue-note" />
        {request.type === 'erasure' ? <span className="field__hint">{t('queue.erasureHint')}</span> : null}
      </label>
      {decide.isError ? <Alert tone="error">{describe(decide.error)}</Alert> : null}
      <div className="data-requests__actions">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={decide.isPending || !note.trim()}
          onClick={() => act('approve')}
          data-testid="queue-approve"
        >
          {request.type === 'erasure' ? t('queue.approveErasure') : t('queue.markDone')}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={decide.isPending || !note.trim()}
          onClick={() => act('reject')}
          data-testid="queue-reject"
        >
          {t('queue.reject')}
        </button>
      </div>
    </div>
  );
}

/** Settings → Data requests (owner, admin): the gym's access, correction and erasure requests, due in 30 days. */
export function DataRequestsTab() {
  const { t, i18n } = useTranslation('datarights');
  const queue = useDataRequestQueue();
  return (
    <section className="settings-section" data-testid="data-requests-queue">
      <h3 className="section-heading">{t('queue.title')}</h3>
      <p className="text-muted">{t('queue.description')}</p>
      {queue.isPending ? (
        <LoadingState title={t('loading')} />
      ) : queue.isError ? (
        <ErrorState error={queue.error} title={t('loadFailed')} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
      ) : queue.data.requests.length === 0 ? (
        <p className="text-muted">{t('queue.empty')}</p>
      ) : (
        <ul className="data-requests">
          {queue.data.requests.map((r) => (
            <li key={r.id} className={`data-requests__item card${r.overdue ? ' data-requests__item--overdue' : ''}`} data-testid="queue-item">
              <div>
                <strong>{r.requesterName}</strong> · {t(`type.${r.type}`)} <RequestStatus request={r} />
              </div>
              <div className="text-muted">
                {t('requests.madeOn', { date: formatDate(r.createdAt, i18n.language) })} · {t('requests.dueOn', { date: formatDate(r.dueAt, i18n.language) })}
              </div>
              {r.status === 'open' ? <OpenRequest request={r} /> : null}
              {r.status === 'erasing' ? <p className="text-muted">{t('queue.erasing', { done: r.erasedBy.length })}</p> : null}
              {r.note && r.status !== 'open' ? <p>{t('requests.note', { note: r.note })}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
