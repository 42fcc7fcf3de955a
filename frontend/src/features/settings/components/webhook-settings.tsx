import { CreateWebhookBody, WebhookEventType, type WebhookEndpoint } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { Form } from '../../../components/form/form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useCreateWebhook, useDeleteWebhook, useWebhookAction, useWebhookDeliveries, useWebhooks } from '../api/integrations';

/**
 * Settings → Integrations → webhooks (owner): https endpoints that receive the chosen events, signed with a secret
 * shown once (`Akhada-Signature: t=…,v1=…`), retried with back-off; each with its delivery log, a test ping and redeliver.
 */
export function WebhookSettings() {
  const { t } = useTranslation(ALL_NS);
  const query = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <section className="settings-section" aria-labelledby="integrations-webhooks">
      <h3 className="section-heading" id="integrations-webhooks">
        {t('settings:integrations.webhooks.title')}
      </h3>
      <p className="text-muted">{t('settings:integrations.webhooks.description')}</p>
      {query.isPending ? <Spinner label={t('settings:integrations.loading')} /> : null}
      {query.isError ? (
        <ErrorState error={query.error} title={t('settings:integrations.loadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : null}
      {query.data?.length === 0 ? <p data-testid="webhooks-empty">{t('settings:integrations.webhooks.empty')}</p> : null}
      <ul className="webhook-list" data-testid="webhook-list">
        {query.data?.map((e) => (
          <WebhookItem key={e._id} endpoint={e} />
        ))}
      </ul>
      {secret ? (
        <Alert tone="success" testId="webhook-secret" title={t('settings:integrations.webhooks.secretTitle')}>
          <p>{t('settings:integrations.webhooks.secretOnce')}</p>
          <code className="webhook-secret">{secret}</code>
        </Alert>
      ) : null}
      <CreateWebhook onCreated={setSecret} />
    </section>
  );
}

interface CreateValues {
  url: string;
  description: string;
  eventTypes: string[];
}

function CreateWebhook({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const create = useCreateWebhook();
  const form = useContractForm<CreateValues, typeof CreateWebhookBody>(CreateWebhookBody, {
    defaultValues: { url: '', description: '', eventTypes: [] },
    toBody: (v) => ({ url: v.url, description: v.description, eventTypes: v.eventTypes }),
  });
  const onSubmit = (body: CreateWebhookBody) =>
    create.mutate(body, {
      onSuccess: (d) => {
        onCreated(d.secret);
        form.reset();
      },
      onError: (err) => applyServerErrors(form, err),
    });
  return (
    <Form form={form} onSubmit={onSubmit} busy={create.isPending} testId="webhook-form">
      <h4 className="webhook-form__title">{t('settings:integrations.webhooks.add')}</h4>
      <TextField
        name="url"
        label={t('settings:integrations.webhooks.url')}
        type="url"
        inputMode="url"
        maxLength={2000}
        required
        placeholder="https://"
        testId="webhook-url"
      />
      <TextField name="description" label={t('settings:integrations.webhooks.descriptionLabel')} maxLength={200} optional testId="webhook-description" />
      <fieldset className="choice-group">
        <legend className="field__label">{t('settings:integrations.webhooks.events')}</legend>
        <div className="webhook-events">
          {WebhookEventType.options.map((type) => (
            <label key={type} className="gym-check">
              <input type="checkbox" value={type} {...form.register('eventTypes')} data-testid={`webhook-event-${type}`} />
              <span>{t(`settings:integrations.webhooks.eventNames.${type}`)}</span>
            </label>
          ))}
        </div>
        {form.formState.errors.eventTypes ? <p className="field__error">{t('settings:integrations.webhooks.eventsRequired')}</p> : null}
      </fieldset>
      {create.isError && form.formState.errors.root === undefined && !form.formState.errors.url ? <Alert tone="error">{describe(create.error)}</Alert> : null}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={create.isPending} data-testid="webhook-create">
          {create.isPending ? t('settings:integrations.saving') : t('settings:integrations.webhooks.create')}
        </button>
      </div>
    </Form>
  );
}

function WebhookItem({ endpoint: e }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const [open, setOpen] = useState(false);
  const remove = useDeleteWebhook();
  const action = useWebhookAction();
  return (
    <li className="webhook-item" data-testid="webhook-item">
      <div className="webhook-item__head">
        <code className="webhook-item__url">{e.url}</code>
        <span className={`badge ${e.status === 'active' ? 'badge--success' : 'badge--danger'}`} data-testid="webhook-status">
          {t(`settings:integrations.webhooks.status.${e.status}`)}
        </span>
      </div>
      {e.description ? <p className="text-muted">{e.description}</p> : null}
      <p className="text-muted">{e.eventTypes.map((type) => t(`settings:integrations.webhooks.eventNames.${type}`)).join(', ')}</p>
      <p className="text-muted" data-testid="webhook-last">
        {e.lastDelivery
          ? t('settings:integrations.webhooks.last', {
              status: t(`settings:integrations.webhooks.deliveryStatus.${e.lastDelivery.status}`),
              code: e.lastDelivery.responseCode ?? '—',
              date: formatDateTime(e.lastDelivery.at, i18n.language),
            })
          : t('settings:integrations.webhooks.never')}
      </p>
      <div className="form__actions">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={action.isPending}
          onClick={() => {
            setOpen(true);
            action.mutate({ kind: 'test', endpointId: e._id });
          }}
          data-testid="webhook-test"
        >
          {action.isPending ? t('settings:integrations.testSending') : t('settings:integrations.webhooks.test')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="webhook-log-toggle">
          {open ? t('settings:integrations.webhooks.hideLog') : t('settings:integrations.webhooks.showLog')}
        </button>
        <button
          type="button"
          className="btn btn--secondary webhook-delete"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(t('settings:integrations.webhooks.confirmDelete', { url: e.url }))) remove.mutate(e._id);
          }}
          data-testid="webhook-delete"
        >
          {t('settings:integrations.webhooks.delete')}
        </button>
      </div>
      {action.isError || remove.isError ? <Alert tone="error">{describe(action.error ?? remove.error)}</Alert> : null}
      {open ? <DeliveryLog endpointId={e._id} onRedeliver={(deliveryId) => action.mutate({ kind: 'redeliver', endpointId: e._id, deliveryId })} /> : null}
    </li>
  );
}

function DeliveryLog({ endpointId, onRedeliver }: { endpointId: string; onRedeliver: (deliveryId: string) => void }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const log = useWebhookDeliveries(endpointId);
  if (log.isPending) return <Spinner label={t('settings:integrations.loading')} />;
  if (log.isError)
    return <ErrorState error={log.error} title={t('settings:integrations.loadError')} onRetry={() => void log.refetch()} retrying={log.isFetching} />;
  if (log.data.length === 0) return <p className="text-muted">{t('settings:integrations.webhooks.noDeliveries')}</p>;
  return (
    <ul className="webhook-log" data-testid="webhook-log" aria-label={t('settings:integrations.webhooks.log')}>
      {log.data.map((d) => (
        <li key={d._id} className="webhook-log__row" data-testid="webhook-delivery">
          <span className={`badge ${d.status === 'succeeded' ? 'badge--success' : d.status === 'failed' ? 'badge--danger' : 'badge--info'}`}>
            {t(`settings:integrations.webhooks.deliveryStatus.${d.status}`)}
          </span>
          <span>{d.eventType === 'ping' ? t('settings:integrations.webhooks.ping') : t(`settings:integrations.webhooks.eventNames.${d.eventType}`)}</span>
          <span>{t('settings:integrations.webhooks.code', { code: d.responseCode ?? '—' })}</span>
          <span className="text-muted">{formatDateTime(d.lastAttemptAt ?? d.createdAt, i18n.language)}</span>
          <span className="text-muted">{t('settings:integrations.webhooks.attempts', { count: d.attempts })}</span>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => onRedeliver(d._id)}
            disabled={d.status === 'pending'}
            data-testid="webhook-redeliver"
          >
            {t('settings:integrations.webhooks.redeliver')}
          </button>
        </li>
      ))}
    </ul>
  );
}
