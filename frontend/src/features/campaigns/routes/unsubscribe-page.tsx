import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { MailIcon } from '../../../components/icons/mail';
import { LanguageSwitch } from '../../../components/language-switch';
import { LoadingState } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useUnsubscribe, useUnsubscribeInfo } from '../api/consent-api';
import '../campaigns.css';

/**
 * /unsubscribe?token=… (no sign-in; the link of a marketing email): says whose emails and which address, and withdraws
 * the person's email marketing consent only when they press Unsubscribe (mail scanners open links), then confirms.
 */
export function UnsubscribePage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('campaigns:unsubscribe.title'));
  const { describe } = useErrorText();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);
  const invalid = token.length < 10 || (info.error instanceof ApiError && info.error.status === 400);

  let body;
  if (invalid) body = <Alert tone="error">{t('campaigns:unsubscribe.invalid')}</Alert>;
  else if (info.isPending) body = <LoadingState title={t('campaigns:unsubscribe.loading')} />;
  else if (info.isError)
    body = <ErrorState error={info.error} title={t('campaigns:unsubscribe.loadError')} onRetry={() => void info.refetch()} retrying={info.isFetching} />;
  else if (unsubscribe.isSuccess)
    body = (
      <div role="status" data-testid="unsubscribed">
        <Alert tone="success">{t('campaigns:unsubscribe.done', { gym: info.data.gymName })}</Alert>
        <p className="text-muted">{t('campaigns:unsubscribe.changeLater')}</p>
      </div>
    );
  else if (!info.data.subscribed)
    body = (
      <div data-testid="already-unsubscribed">
        <Alert tone="info">{t('campaigns:unsubscribe.already', { gym: info.data.gymName })}</Alert>
        <p className="text-muted">{t('campaigns:unsubscribe.changeLater')}</p>
      </div>
    );
  else
    body = (
      <>
        <p className="cmp-unsub__question">{t('campaigns:unsubscribe.question', { gym: info.data.gymName })}</p>
        {info.data.address ? <p>{t('campaigns:unsubscribe.address', { address: info.data.address })}</p> : null}
        <p className="text-muted">{t('campaigns:unsubscribe.keepNote')}</p>
        {unsubscribe.isError ? <Alert tone="error">{describe(unsubscribe.error)}</Alert> : null}
        <button
          type="button"
          className="btn btn--primary"
          disabled={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate()}
          data-testid="unsubscribe-button"
        >
          {unsubscribe.isPending ? t('campaigns:unsubscribe.working') : t('campaigns:unsubscribe.confirm')}
        </button>
      </>
    );

  return (
    <main className="cmp-unsub" id="main">
      <div className="card cmp-unsub__card">
        <div className="cmp-unsub__head">
          <span className="cmp-unsub__icon" aria-hidden="true">
            <MailIcon size={28} />
          </span>
          <LanguageSwitch />
        </div>
        <h1 className="cmp-unsub__title">{t('campaigns:unsubscribe.title')}</h1>
        {body}
      </div>
    </main>
  );
}
