import { PutRazorpayIntegrationBody } from '@akhada/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { Form } from '../../../components/form/form';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { optionalText } from '../../../components/form/form-values';
import { i18nRef } from '../../../components/form/field-message';
import { Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth/session';
import { formatDateTime } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { usePutRazorpayIntegration, useRazorpayIntegration } from '../api/razorpay-integration';
import { MessagingSettingsSections } from './messaging-settings';
import { WebhookSettings } from './webhook-settings';

interface KeysForm {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/**
 * Settings → Integrations: the gym's own mail server and WhatsApp provider (owners and admins), webhooks for other
 * systems (owner), and Razorpay: the gym's own keys for its members' online payments (the payments service's
 * route, stored encrypted there; secrets shown only by their last 4 characters and never sent back), with the
 * webhook URL to give Razorpay. Owner only, as the route is.
 */
export function IntegrationsSettings() {
  const owner = useUser().role === 'owner';
  return (
    <>
      <MessagingSettingsSections />
      {owner ? <WebhookSettings /> : null}
      <RazorpaySection owner={owner} />
    </>
  );
}

function RazorpaySection({ owner }: { owner: boolean }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <section className="settings-section" aria-labelledby="integrations-razorpay">
      <h3 className="section-heading" id="integrations-razorpay">
        {t('billing:integrations.razorpay.title')}
      </h3>
      <p className="text-muted">{t('billing:integrations.razorpay.description')}</p>
      {owner ? (
        <RazorpayKeys />
      ) : (
        <Alert tone="info" testId="razorpay-owner-only">
          {t('billing:integrations.razorpay.ownerOnly')}
        </Alert>
      )}
    </section>
  );
}

function RazorpayKeys() {
  const { t, i18n } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const query = useRazorpayIntegration();
  const save = usePutRazorpayIntegration();
  const [saved, setSaved] = useState(false);
  // Razorpay signs its webhooks with the webhook secret: without it a member who paid by link would stay pending, so
  // it is required until one is saved (the server refuses keys without it too).
  const webhookSecretSet = useRef(true);
  webhookSecretSet.current = query.data?.webhookSecretSet ?? true;
  const form = useContractForm<KeysForm, typeof PutRazorpayIntegrationBody>(PutRazorpayIntegrationBody, {
    defaultValues: { keyId: '', keySecret: '', webhookSecret: '' },
    toBody: (v) => ({ keyId: v.keyId, keySecret: optionalText(v.keySecret), webhookSecret: optionalText(v.webhookSecret) }),
    check: (v): Record<string, string> =>
      !webhookSecretSet.current && !v.webhookSecret.trim() ? { webhookSecret: i18nRef('billing:integrations.razorpay.webhookRequired') } : {},
  });

  if (query.isPending) return <Spinner label={t('billing:integrations.loading')} />;
  if (query.isError)
    return <ErrorState error={query.error} title={t('billing:integrations.loadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const data = query.data;

  const onSubmit = (body: PutRazorpayIntegrationBody) => {
    setSaved(false);
    save.mutate(body, {
      onSuccess: () => {
        setSaved(true);
        form.reset({ keyId: '', keySecret: '', webhookSecret: '' });
      },
      onError: (e) => applyServerErrors(form, e),
    });
  };

  return (
    <>
      <p className="integration-status" data-testid="razorpay-status">
        {data.configured
          ? t('billing:integrations.razorpay.configured', {
              keyId: data.keyId,
              secret: `••••${data.keySecretLast4 ?? ''}`,
              date: data.updatedAt ? formatDateTime(data.updatedAt, i18n.language) : '',
            })
          : t('billing:integrations.razorpay.notConfigured')}
      </p>
      {data.configured ? (
        <p className="text-muted" data-testid="razorpay-webhook">
          {data.webhookSecretSet ? t('billing:integrations.razorpay.webhookSet') : t('billing:integrations.razorpay.webhookUnset')}
        </p>
      ) : null}
      <p className="integration-url">
        {t('billing:integrations.razorpay.webhookUrl')} <code>{data.webhookUrl}</code>
      </p>
      <Form form={form} onSubmit={onSubmit} busy={save.isPending} testId="razorpay-form">
        <TextField name="keyId" label={t('billing:integrations.razorpay.keyId')} autoComplete="off" maxLength={60} required placeholder="rzp_live_…" />
        <PasswordField
          name="keySecret"
          label={t('billing:integrations.razorpay.keySecret')}
          autoComplete="new-password"
          maxLength={200}
          required={!data.configured}
          optional={data.configured}
          hint={data.configured ? t('billing:integrations.razorpay.keepHint') : undefined}
        />
        <PasswordField
          name="webhookSecret"
          label={t('billing:integrations.razorpay.webhookSecret')}
          autoComplete="new-password"
          maxLength={200}
          required={!data.webhookSecretSet}
          optional={data.webhookSecretSet}
          hint={data.webhookSecretSet ? t('billing:integrations.razorpay.keepHint') : t('billing:integrations.razorpay.webhookHelp')}
        />
        {save.isError && form.formState.errors.root === undefined ? (
          <Alert tone="error" testId="razorpay-error">
            {describe(save.error)}
          </Alert>
        ) : null}
        {saved ? (
          <Alert tone="success" testId="razorpay-saved">
            {t('billing:integrations.saved')}
          </Alert>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending} data-testid="razorpay-save">
            {save.isPending ? t('billing:integrations.saving') : t('billing:integrations.save')}
          </button>
        </div>
      </Form>
    </>
  );
}
