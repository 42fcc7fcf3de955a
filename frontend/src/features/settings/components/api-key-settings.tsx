import { API_AREAS, CreateApiKeyBody, type ApiKey, type ApiScope } from '@akhada/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth/session';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useApiKeys, useApiKeyUsage, useCreateApiKey, useRevokeApiKey, useRotateApiKey } from '../api/api-keys';

/**
 * Settings → API keys (issue 29): the organization's keys for its own systems — a name, scopes (read or write per
 * area), some locations or all, an expiry. The secret is shown once, when made or rotated, with a copy button; revoke
 * asks first; rotate keeps the old secret working for the grace days chosen. Each key's requests per day on demand.
 */
export function ApiKeySettings() {
  const { t } = useTranslation(ALL_NS);
  const query = useApiKeys();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <section className="settings-section" aria-labelledby="api-keys-title">
      <h3 className="section-heading" id="api-keys-title">
        {t('settings:apiKeys.title')}
      </h3>
      <p className="text-muted">{t('settings:apiKeys.description')}</p>
      <p>
        <a href="/api/docs" target="_blank" rel="noreferrer" data-testid="api-keys-docs">
          {t('settings:apiKeys.docs')}
        </a>
      </p>
      {query.isPending ? <Spinner label={t('settings:integrations.loading')} /> : null}
      {query.isError ? (
        <ErrorState error={query.error} title={t('settings:integrations.loadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : null}
      {query.data && !query.data.planIncludesApi ? (
        <Alert tone="info" testId="api-keys-plan">
          {t('settings:apiKeys.planRequired')}
        </Alert>
      ) : null}
      {secret ? (
        <Alert tone="success" testId="api-key-secret" title={t('settings:apiKeys.secretTitle')}>
          <p>{t('settings:apiKeys.secretOnce')}</p>
          <code className="webhook-secret" data-testid="api-key-secret-value">
            {secret}
          </code>
          <div className="form__actions">
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => void navigator.clipboard?.writeText(secret)} data-testid="api-key-copy">
              {t('settings:apiKeys.copy')}
            </button>
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => setSecret(null)} data-testid="api-key-secret-done">
              {t('settings:apiKeys.secretDone')}
            </button>
          </div>
        </Alert>
      ) : null}
      {query.data?.items.length === 0 ? <p data-testid="api-keys-empty">{t('settings:apiKeys.empty')}</p> : null}
      <ul className="webhook-list" data-testid="api-key-list">
        {query.data?.items.map((k) => (
          <ApiKeyItem key={k.id} apiKey={k} onSecret={setSecret} />
        ))}
      </ul>
      {query.data?.planIncludesApi ? <CreateApiKey onCreated={setSecret} /> : null}
    </section>
  );
}

function CreateApiKey({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const user = useUser();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const [expiresOn, setExpiresOn] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name,
      scopes,
      locationIds: locationIds.length > 0 ? locationIds : null,
      expiresAt: expiresOn ? new Date(`${expiresOn}T23:59:59.000Z`).toISOString() : null,
    };
    const parsed = CreateApiKeyBody.safeParse(body);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      setProblem(
        first?.path[0] === 'scopes'
          ? t('settings:apiKeys.scopesRequired')
          : first?.path[0] === 'name'
            ? t('settings:apiKeys.nameRequired')
            : t('settings:apiKeys.invalid'),
      );
      return;
    }
    setProblem(null);
    create.mutate(parsed.data, {
      onSuccess: (d) => {
        onCreated(d.secret);
        setName('');
        setScopes([]);
        setLocationIds([]);
        setExpiresOn('');
      },
    });
  };
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="api-key-form">
      <h4 className="webhook-form__title">{t('settings:apiKeys.create')}</h4>
      <label className="field">
        <span className="field__label">{t('settings:apiKeys.name')}</span>
        <input className="input" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} data-testid="api-key-name" />
      </label>
      <fieldset className="choice-group">
        <legend className="field__label">{t('settings:apiKeys.scopes')}</legend>
        <table className="api-key-scopes">
          <tbody>
            {API_AREAS.map((area) => (
              <tr key={area}>
                <th scope="row">{t(`settings:apiKeys.areas.${area}`)}</th>
                {(['read', 'write'] as const).map((access) => {
                  const scope = `${area}:${access}` as ApiScope;
                  return (
                    <td key={access}>
                      <label className="gym-check">
                        <input
                          type="checkbox"
                          checked={scopes.includes(scope)}
                          onChange={(e) => setScopes((s) => toggle(s, scope, e.target.checked))}
                          data-testid={`api-key-scope-${scope}`}
                        />
                        <span>{t(`settings:apiKeys.access.${access}`)}</span>
                      </label>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
      <fieldset className="choice-group">
        <legend className="field__label">{t('settings:apiKeys.locations')}</legend>
        <p className="text-muted">{t('settings:apiKeys.allLocations')}</p>
        {user.locations.map((l) => (
          <label key={l._id} className="gym-check">
            <input
              type="checkbox"
              checked={locationIds.includes(l._id)}
              onChange={(e) => setLocationIds((s) => toggle(s, l._id, e.target.checked))}
              data-testid={`api-key-location-${l._id}`}
            />
            <span>{l.name}</span>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span className="field__label">{t('settings:apiKeys.expiry')}</span>
        <input className="input" type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} data-testid="api-key-expiry" />
      </label>
      {problem ? (
        <Alert tone="error" testId="api-key-problem">
          {problem}
        </Alert>
      ) : null}
      {create.isError ? <Alert tone="error">{describe(create.error)}</Alert> : null}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={create.isPending} data-testid="api-key-create">
          {create.isPending ? t('settings:integrations.saving') : t('settings:apiKeys.createButton')}
        </button>
      </div>
    </form>
  );
}

function ApiKeyItem({ apiKey: k, onSecret }: { apiKey: ApiKey; onSecret: (secret: string) => void }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const revoke = useRevokeApiKey();
  const rotate = useRotateApiKey();
  const [grace, setGrace] = useState(1);
  const [showUsage, setShowUsage] = useState(false);
  const active = k.status === 'active';
  return (
    <li className="webhook-item" data-testid="api-key-item">
      <div className="webhook-item__head">
        <strong>{k.name}</strong> <code data-testid="api-key-prefix">{k.prefix}</code>
        <span className={`badge ${active ? 'badge--success' : 'badge--danger'}`} data-testid="api-key-status">
          {t(`settings:apiKeys.status.${k.status}`)}
        </span>
      </div>
      <p className="text-muted" data-testid="api-key-scopes">
        {k.scopes.join(', ')}
      </p>
      <p className="text-muted">
        {k.expiresAt ? t('settings:apiKeys.expires', { date: formatDate(k.expiresAt, i18n.language) }) : t('settings:apiKeys.noExpiry')}
        {' · '}
        {k.lastUsedAt ? t('settings:apiKeys.lastUsed', { date: formatDateTime(k.lastUsedAt, i18n.language) }) : t('settings:apiKeys.neverUsed')}
      </p>
      {k.previousSecretValidUntil ? (
        <p className="text-muted">{t('settings:apiKeys.graceUntil', { date: formatDateTime(k.previousSecretValidUntil, i18n.language) })}</p>
      ) : null}
      <div className="form__actions">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => setShowUsage((o) => !o)}
          aria-expanded={showUsage}
          data-testid="api-key-usage-toggle"
        >
          {showUsage ? t('settings:apiKeys.hideUsage') : t('settings:apiKeys.showUsage')}
        </button>
        {active ? (
          <>
            <label className="gym-check">
              <span>{t('settings:apiKeys.grace')}</span>
              <select className="input" value={grace} onChange={(e) => setGrace(Number(e.target.value))} data-testid="api-key-grace">
                {[0, 1, 2, 3, 7].map((d) => (
                  <option key={d} value={d}>
                    {t('settings:apiKeys.graceDays', { count: d })}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn btn--secondary"
              disabled={rotate.isPending}
              onClick={() => rotate.mutate({ id: k.id, graceDays: grace }, { onSuccess: (d) => onSecret(d.secret) })}
              data-testid="api-key-rotate"
            >
              {t('settings:apiKeys.rotate')}
            </button>
            <button
              type="button"
              className="btn btn--secondary webhook-delete"
              disabled={revoke.isPending}
              onClick={() => {
                if (window.confirm(t('settings:apiKeys.confirmRevoke', { name: k.name }))) revoke.mutate(k.id);
              }}
              data-testid="api-key-revoke"
            >
              {t('settings:apiKeys.revoke')}
            </button>
          </>
        ) : null}
      </div>
      {revoke.isError || rotate.isError ? <Alert tone="error">{describe(revoke.error ?? rotate.error)}</Alert> : null}
      {showUsage ? <Usage id={k.id} /> : null}
    </li>
  );
}

function Usage({ id }: { id: string }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const usage = useApiKeyUsage(id);
  if (usage.isPending) return <Spinner label={t('settings:integrations.loading')} />;
  if (usage.isError)
    return <ErrorState error={usage.error} title={t('settings:integrations.loadError')} onRetry={() => void usage.refetch()} retrying={usage.isFetching} />;
  return (
    <div data-testid="api-key-usage">
      <p className="text-muted">{t('settings:apiKeys.limit', { count: usage.data.limitPerMinute })}</p>
      {usage.data.days.length === 0 ? (
        <p className="text-muted">{t('settings:apiKeys.noUsage')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('settings:apiKeys.day')}</th>
              <th scope="col">{t('settings:apiKeys.requests')}</th>
              <th scope="col">{t('settings:apiKeys.limited')}</th>
            </tr>
          </thead>
          <tbody>
            {usage.data.days.map((d) => (
              <tr key={d.date} data-testid="api-key-usage-day">
                <td>{formatDate(d.date, i18n.language)}</td>
                <td>{d.requests}</td>
                <td>{d.limited}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
