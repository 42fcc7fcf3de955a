import { PutEmailSettingsBody, PutSmsSettingsBody, SmsProvider, SmtpSecurity, TestEmailBody, TestSmsBody, type MessagingSettings } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { REQUIRED } from '../../../components/form/field-message';
import { Form } from '../../../components/form/form';
import { optionalText } from '../../../components/form/form-values';
import { PasswordField } from '../../../components/form/password-field';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { EmailField, PhoneField, TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useMessagingSettings, useSaveMessaging, useSendTest } from '../api/integrations';

type Channel = 'email' | 'sms';

/**
 * Settings → Integrations → the gym's own mail server and WhatsApp provider (owners and admins). Without settings the
 * platform's send; secrets are stored encrypted and shown only by their last 4 characters. Each has a "send test".
 */
export function MessagingSettingsSections() {
  const { t } = useTranslation(ALL_NS);
  const query = useMessagingSettings();
  if (query.isPending) return <Spinner label={t('settings:integrations.loading')} />;
  if (query.isError)
    return <ErrorState error={query.error} title={t('settings:integrations.loadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <>
      <section className="settings-section" aria-labelledby="integrations-email">
        <h3 className="section-heading" id="integrations-email">
          {t('settings:integrations.email.title')}
        </h3>
        <p className="text-muted">{t('settings:integrations.email.description')}</p>
        <LastStatus channel="email" data={query.data} />
        <EmailForm data={query.data} />
        <SendTest channel="email" />
      </section>
      <section className="settings-section" aria-labelledby="integrations-sms">
        <h3 className="section-heading" id="integrations-sms">
          {t('settings:integrations.sms.title')}
        </h3>
        <p className="text-muted">{t('settings:integrations.sms.description')}</p>
        <LastStatus channel="sms" data={query.data} />
        <SmsForm data={query.data} />
        <SendTest channel="sms" />
      </section>
    </>
  );
}

function LastStatus({ channel, data }: { channel: Channel; data: MessagingSettings }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const s = data[channel];
  const last = s.lastTest;
  return (
    <div className="integration-status" data-testid={`${channel}-status`}>
      <p>{s.custom ? t(`settings:integrations.${channel}.custom`) : t(`settings:integrations.${channel}.platform`)}</p>
      {last ? (
        <p className={last.ok ? 'integration-ok' : 'text-danger'} data-testid={`${channel}-last-test`}>
          {t(last.ok ? 'settings:integrations.lastTestOk' : 'settings:integrations.lastTestFailed', { date: formatDateTime(last.at, i18n.language) })}
        </p>
      ) : null}
    </div>
  );
}

interface EmailValues {
  host: string;
  port: string;
  security: string;
  username: string;
  password: string;
  fromName: string;
  fromAddress: string;
}

function EmailForm({ data }: { data: MessagingSettings }) {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const save = useSaveMessaging();
  const [saved, setSaved] = useState(false);
  const e = data.email;
  const form = useContractForm<EmailValues, typeof PutEmailSettingsBody>(PutEmailSettingsBody, {
    defaultValues: {
      host: e.host ?? '',
      port: String(e.port ?? 587),
      security: e.security ?? 'starttls',
      username: e.username ?? '',
      password: '',
      fromName: e.fromName ?? '',
      fromAddress: e.fromAddress ?? '',
    },
    toBody: (v) => ({
      host: v.host,
      port: v.port.trim() === '' ? undefined : Number(v.port),
      security: v.security,
      username: optionalText(v.username),
      password: optionalText(v.password),
      fromName: v.fromName,
      fromAddress: v.fromAddress,
    }),
  });
  const onSubmit = (body: PutEmailSettingsBody) => {
    setSaved(false);
    save.mutate(
      { channel: 'email', body },
      {
        onSuccess: () => {
          setSaved(true);
          form.resetField('password', { defaultValue: '' });
        },
        onError: (err) => applyServerErrors(form, err),
      },
    );
  };
  return (
    <Form form={form} onSubmit={onSubmit} busy={save.isPending} testId="email-form">
      <div className="form__grid">
        <TextField
          name="host"
          label={t('settings:integrations.email.host')}
          autoComplete="off"
          maxLength={253}
          required
          placeholder="smtp.example.in"
          testId="smtp-host"
        />
        <TextField name="port" label={t('settings:integrations.email.port')} inputMode="numeric" maxLength={5} required testId="smtp-port" />
        <SelectField
          name="security"
          label={t('settings:integrations.email.security')}
          options={SmtpSecurity.options.map((s) => ({ value: s, label: t(`settings:integrations.email.securityNames.${s}`) }))}
          testId="smtp-security"
        />
        <TextField name="username" label={t('settings:integrations.email.username')} autoComplete="off" maxLength={200} optional testId="smtp-username" />
        <PasswordField
          name="password"
          label={t('settings:integrations.email.password')}
          autoComplete="new-password"
          maxLength={200}
          optional
          hint={e.password.set ? t('settings:integrations.secretSet', { last4: e.password.last4 ?? '' }) : undefined}
          testId="smtp-password"
        />
        <TextField name="fromName" label={t('settings:integrations.email.fromName')} maxLength={100} required testId="smtp-from-name" />
        <EmailField name="fromAddress" label={t('settings:integrations.email.fromAddress')} required testId="smtp-from-address" />
      </div>
      {save.isError && form.formState.errors.root === undefined ? <Alert tone="error">{describe(save.error)}</Alert> : null}
      {saved ? (
        <Alert tone="success" testId="email-saved">
          {t('settings:integrations.saved')}
        </Alert>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending} data-testid="email-save">
          {save.isPending ? t('settings:integrations.saving') : t('settings:integrations.save')}
        </button>
        {e.custom ? (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={save.isPending}
            onClick={() => save.mutate({ channel: 'email', remove: true })}
            data-testid="email-reset"
          >
            {t('settings:integrations.usePlatform')}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

interface SmsValues {
  provider: string;
  sender: string;
  apiKey: string;
}

function SmsForm({ data }: { data: MessagingSettings }) {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const save = useSaveMessaging();
  const [saved, setSaved] = useState(false);
  const s = data.sms;
  const form = useContractForm<SmsValues, typeof PutSmsSettingsBody>(PutSmsSettingsBody, {
    defaultValues: { provider: s.provider ?? 'whatsapp_cloud', sender: s.sender ?? '', apiKey: '' },
    toBody: (v) => ({ provider: v.provider, sender: v.sender, apiKey: optionalText(v.apiKey) }),
    check: (v): Record<string, string> => (!s.apiKey.set && v.apiKey.trim() === '' ? { apiKey: REQUIRED } : {}),
  });
  const onSubmit = (body: PutSmsSettingsBody) => {
    setSaved(false);
    save.mutate(
      { channel: 'sms', body },
      {
        onSuccess: () => {
          setSaved(true);
          form.resetField('apiKey', { defaultValue: '' });
        },
        onError: (err) => applyServerErrors(form, err),
      },
    );
  };
  return (
    <Form form={form} onSubmit={onSubmit} busy={save.isPending} testId="sms-form">
      <div className="form__grid">
        <SelectField
          name="provider"
          label={t('settings:integrations.sms.provider')}
          options={SmsProvider.options.map((p) => ({ value: p, label: t(`settings:integrations.sms.providerNames.${p}`) }))}
          testId="sms-provider"
        />
        <TextField
          name="sender"
          label={t('settings:integrations.sms.sender')}
          hint={t('settings:integrations.sms.senderHint')}
          maxLength={64}
          required
          testId="sms-sender"
        />
        <PasswordField
          name="apiKey"
          label={t('settings:integrations.sms.apiKey')}
          autoComplete="new-password"
          maxLength={500}
          required={!s.apiKey.set}
          optional={s.apiKey.set}
          hint={s.apiKey.set ? t('settings:integrations.secretSet', { last4: s.apiKey.last4 ?? '' }) : undefined}
          testId="sms-api-key"
        />
      </div>
      {save.isError && form.formState.errors.root === undefined ? <Alert tone="error">{describe(save.error)}</Alert> : null}
      {saved ? (
        <Alert tone="success" testId="sms-saved">
          {t('settings:integrations.saved')}
        </Alert>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending} data-testid="sms-save">
          {save.isPending ? t('settings:integrations.saving') : t('settings:integrations.save')}
        </button>
        {s.custom ? (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={save.isPending}
            onClick={() => save.mutate({ channel: 'sms', remove: true })}
            data-testid="sms-reset"
          >
            {t('settings:integrations.usePlatform')}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

/** Sends a real test message to the address or number given; shows progress, then success or the provider's problem. */
function SendTest({ channel }: { channel: Channel }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const send = useSendTest();
  const language = i18n.language === 'hi' ? 'hi' : 'en';
  const schema = channel === 'email' ? TestEmailBody : TestSmsBody;
  const form = useContractForm<{ to: string }, typeof schema>(schema, { defaultValues: { to: '' }, toBody: (v) => ({ to: v.to, language }) });
  const onSubmit = (body: { to: string }) => send.mutate({ channel, to: body.to, language });
  return (
    <Form form={form} onSubmit={onSubmit} busy={send.isPending} testId={`${channel}-test-form`} className="integration-test">
      {channel === 'email' ? (
        <EmailField name="to" label={t('settings:integrations.email.testTo')} required testId="email-test-to" />
      ) : (
        <PhoneField name="to" label={t('settings:integrations.sms.testTo')} required testId="sms-test-to" />
      )}
      <div className="form__actions">
        <button type="submit" className="btn btn--secondary" disabled={send.isPending} data-testid={`${channel}-test-send`}>
          {send.isPending ? t('settings:integrations.testSending') : t('settings:integrations.testSend')}
        </button>
      </div>
      {send.isSuccess ? (
        <Alert tone="success" testId={`${channel}-test-ok`}>
          {t(send.data.via === 'custom' ? 'settings:integrations.testOkCustom' : 'settings:integrations.testOkPlatform', { to: form.getValues('to') })}
        </Alert>
      ) : null}
      {send.isError ? (
        <Alert tone="error" testId={`${channel}-test-error`}>
          {describe(send.error)}
        </Alert>
      ) : null}
    </Form>
  );
}
