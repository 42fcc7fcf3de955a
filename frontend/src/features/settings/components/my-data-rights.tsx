import { DataRequestType, type DataRequest } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { useCreateDataRequest, useMyConsents, useMyDataRequests } from '../api/data-rights';
import { ConsentHistory } from './consent-history';

/** A request's state as a badge (shared by the member's list and the staff queue). */
export function RequestStatus({ request }: { request: DataRequest }) {
  const { t } = useTranslation('datarights');
  const tone = request.status === 'completed' ? 'success' : request.status === 'rejected' ? 'neutral' : request.overdue ? 'danger' : 'info';
  return (
    <span className={`badge badge--${tone}`} data-testid="request-status">
      {request.overdue ? t('status.overdue') : t(`status.${request.status}`)}
    </span>
  );
}

/** Settings → Privacy, for everyone: their consent history; for members, their data-rights requests. */
export function MyDataRights({ isMember }: { isMember: boolean }) {
  const { t, i18n } = useTranslation('datarights');
  const consents = useMyConsents();
  const requests = useMyDataRequests();
  const create = useCreateDataRequest();
  const toast = useToast();
  const { describe } = useErrorText();
  const [type, setType] = useState<DataRequestType>('access');
  const [details, setDetails] = useState('');
  return (
    <>
      <section className="settings-section" data-testid="my-consents">
        <h3 className="section-heading">{t('consents.title')}</h3>
        {consents.isPending ? (
          <LoadingState title={t('loading')} />
        ) : consents.isError ? (
          <ErrorState error={consents.error} title={t('loadFailed')} onRetry={() => void consents.refetch()} retrying={consents.isFetching} />
        ) : (
          <ConsentHistory records={consents.data.records} />
        )}
      </section>
      {isMember ? (
        <section className="settings-section" data-testid="my-data-requests">
          <h3 className="section-heading">{t('requests.title')}</h3>
          <p className="text-muted">{t('requests.description')}</p>
          <form
            className="form"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate(
                { type, details },
                {
                  onSuccess: () => {
                    setDetails('');
                    toast.success(t('requests.sent'));
                  },
                },
              );
            }}
          >
            <label className="field">
              <span className="field__label">{t('requests.type')}</span>
              <select className="input select" value={type} onChange={(e) => setType(DataRequestType.parse(e.target.value))} data-testid="request-type">
                {DataRequestType.options.map((o) => (
                  <option key={o} value={o}>
                    {t(`type.${o}`)}
                  </option>
                ))}
              </select>
              {type === 'erasure' ? <span className="field__hint">{t('requests.erasureHint')}</span> : null}
            </label>
            <label className="field">
              <span className="field__label">{t('requests.details')}</span>
              <textarea
                className="input"
                rows={3}
                maxLength={2000}
                value={details}
                onChange={(e) => setDetails(e.target.value)}
                data-testid="request-details"
              />
            </label>
            {create.isError ? <Alert tone="error">{describe(create.error)}</Alert> : null}
            <div>
              <button type="submit" className="btn btn--primary" disabled={create.isPending} data-testid="request-submit">
                {t('requests.submit')}
              </button>
            </div>
          </form>
          {requests.isPending ? (
            <LoadingState title={t('loading')} />
          ) : requests.isError ? (
            <ErrorState error={requests.error} title={t('loadFailed')} onRetry={() => void requests.refetch()} retrying={requests.isFetching} />
          ) : requests.data.requests.length === 0 ? (
            <p className="text-muted">{t('requests.none')}</p>
          ) : (
            <ul className="data-requests" data-testid="my-request-list">
              {requests.data.requests.map((r) => (
                <li key={r.id} className="data-requests__item">
                  <strong>{t(`type.${r.type}`)}</strong> <RequestStatus request={r} />
                  <div className="text-muted">
                    {t('requests.madeOn', { date: formatDate(r.createdAt, i18n.language) })} ·{' '}
                    {t('requests.dueOn', { date: formatDate(r.dueAt, i18n.language) })}
                  </div>
                  {r.note ? <p>{t('requests.note', { note: r.note })}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
