import { UpdateTwoFactorBody } from '@akhada/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { Form } from '../../../components/form/form';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { dateLocale } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { useUser } from '../../../lib/auth/session';
import { useSendSmsCode, useTwoFactorSetup, useTwoFactorStatus, useUpdateTwoFactor } from '../api/two-factor';
import { SmsTwoFactorEnable } from './sms-two-factor-settings';

/** The otpauth:// link as a QR image (the `qrcode` library, loaded only when someone sets up an app). */
function SecretQr({ uri, label }: { uri: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((QRCode) => QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 200 })).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <img src={src} alt={label} width={200} height={200} className="two-factor__qr" data-testid="two-factor-qr" />
  ) : (
    <div className="two-factor__qr" />
  );
}

function EnableForm({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation(['settings']);
  const setup = useTwoFactorSetup();
  const update = useUpdateTwoFactor();
  const toast = useToast();
  const { describe } = useErrorText();
  // A failure with a field message shows on the field; any other gets the banner.
  const [landed, setLanded] = useState(false);
  const form = useContractForm<{ code: string }, typeof UpdateTwoFactorBody>(UpdateTwoFactorBody, {
    defaultValues: { code: '' },
    toBody: (v) => ({ enabled: true, code: v.code.trim() }),
  });
  if (!setup.data)
    return (
      <>
        {setup.isError ? <Alert tone="error">{describe(setup.error)}</Alert> : null}
        <button type="button" className="btn btn--primary" onClick={() => setup.mutate()} disabled={setup.isPending} data-testid="two-factor-start">
          {t('settings:twoFactor.turnOn')}
        </button>
      </>
    );
  return (
    <Form
      form={form}
      busy={update.isPending}
      onSubmit={(body) =>
        update.mutate(body, {
          onSuccess: (res) => {
            toast.success(t('settings:twoFactor.enabled'));
            onEnabled(res.data.recoveryCodes ?? []);
          },
          onError: (e) => setLanded(applyServerErrors(form, e) > 0),
        })
      }
      testId="two-factor-enable"
    >
      <ol className="two-factor__steps">
        <li>{t('settings:twoFactor.step1')}</li>
        <li>
          {t('settings:twoFactor.step2')}
          <div className="two-factor__scan">
            <SecretQr uri={setup.data.otpauthUri} label={t('settings:twoFactor.qrLabel')} />
            <p className="text-muted">
              {t('settings:twoFactor.manual')}{' '}
              <code className="two-factor__secret" data-testid="two-factor-secret">
                {setup.data.secret.match(/.{1,4}/g)?.join(' ')}
              </code>
            </p>
          </div>
        </li>
        <li>{t('settings:twoFactor.step3')}</li>
      </ol>
      {update.isError && !landed ? <Alert tone="error">{describe(update.error)}</Alert> : null}
      <TextField
        name="code"
        label={t('settings:twoFactor.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={11}
        required
        testId="two-factor-code"
      />
      <button type="submit" className="btn btn--primary" disabled={update.isPending} data-testid="two-factor-verify">
        {t('settings:twoFactor.verify')}
      </button>
    </Form>
  );
}

function DisableForm({ onCancel, sms }: { onCancel: () => void; sms: boolean }) {
  const { t } = useTranslation(['settings']);
  const update = useUpdateTwoFactor();
  const sendSms = useSendSmsCode();
  const user = useUser();
  const toast = useToast();
  const { describe } = useErrorText();
  // A failure with a field message shows on the field; any other (the gym requires it for staff, 429) gets the banner.
  const [landed, setLanded] = useState(false);
  const form = useContractForm<{ password: string; code: string }, typeof UpdateTwoFactorBody>(UpdateTwoFactorBody, {
    defaultValues: { password: '', code: '' },
    toBody: (v) => ({ enabled: false, password: v.password, ...(v.code.trim() ? { code: v.code.trim() } : {}) }),
  });
  // SMS codes: the password sends a sign-in code to the enrolled phone.
  const askSms = () => {
    const password = form.getValues('password');
    if (!password) {
      form.setError('password', { message: t('settings:twoFactor.passwordFirst') });
      return;
    }
    sendSms.mutate(
      { email: user.email, password },
      {
        onSuccess: (sent) => toast.success(t('settings:twoFactor.smsSent', { phone: sent.phone })),
        onError: (e) => toast.error(describe(e)),
      },
    );
  };
  return (
    <Form
      form={form}
      busy={update.isPending}
      onSubmit={(body) =>
        update.mutate(body, {
          onSuccess: () => {
            toast.success(t('settings:twoFactor.disabled'));
            onCancel();
          },
          onError: (e) => setLanded(applyServerErrors(form, e) > 0),
        })
      }
      testId="two-factor-disable"
    >
      {update.isError && !landed ? <Alert tone="error">{describe(update.error)}</Alert> : null}
      <PasswordField name="password" label={t('settings:twoFactor.password')} autoComplete="current-password" required testId="two-factor-password" />
      <TextField
        name="code"
        label={t('settings:twoFactor.offCode')}
        hint={sms ? t('settings:twoFactor.offCodeHintSms') : t('settings:twoFactor.offCodeHint')}
        autoComplete="one-time-code"
        inputMode="text"
        maxLength={11}
        required
        testId="two-factor-off-code"
      />
      {sms ? (
        <button type="button" className="btn btn--secondary btn--sm" onClick={askSms} disabled={sendSms.isPending} data-testid="two-factor-off-sms">
          {t('settings:twoFactor.sendSms')}
        </button>
      ) : null}
      <div className="two-factor__actions">
        <button type="submit" className="btn btn--primary" disabled={update.isPending} data-testid="two-factor-off-submit">
          {t('settings:twoFactor.turnOff')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          {t('settings:twoFactor.cancel')}
        </button>
      </div>
    </Form>
  );
}

/**
 * Settings → Security: two-factor sign-in with an authenticator app, its recovery codes (shown once), and turning it
 * off. `onDone`: called once the recovery codes are saved after turning it on (the enrolment a gym requires goes on).
 */
export function TwoFactorSettings({ onDone }: { onDone?: () => void } = {}) {
  const { t, i18n } = useTranslation(['settings']);
  const status = useTwoFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const toast = useToast();

  let body;
  if (codes)
    body = (
      <div className="two-factor__codes" data-testid="two-factor-recovery-codes">
        <Alert tone="warning">{t('settings:twoFactor.codesOnce')}</Alert>
        <ul className="two-factor__code-list">
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <div className="two-factor__actions">
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).then(() => toast.success(t('settings:twoFactor.copied')))}
          >
            {t('settings:twoFactor.copy')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              setCodes(null);
              onDone?.();
            }}
            data-testid="two-factor-codes-saved"
          >
            {t('settings:twoFactor.saved')}
          </button>
        </div>
      </div>
    );
  else if (status.isPending) body = <LoadingState title={t('settings:twoFactor.loading')} />;
  else if (status.isError) body = <ErrorState error={status.error} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  else if (status.data.enabled)
    body = (
      <>
        <p data-testid="two-factor-on">
          <span className="badge badge--success">{t('settings:twoFactor.on')}</span>{' '}
          {status.data.enabledAt
            ? t('settings:twoFactor.since', { date: new Date(status.data.enabledAt).toLocaleDateString(dateLocale(i18n.language), { dateStyle: 'medium' }) })
            : null}{' '}
          {t('settings:twoFactor.codesLeft', { count: status.data.recoveryCodesLeft })}
        </p>
        {status.data.smsPhone ? <p data-testid="sms-two-factor-on">{t('settings:smsTwoFactor.on', { phone: status.data.smsPhone })}</p> : null}
        {!status.data.methods?.includes('sms') && !disabling ? <SmsTwoFactorEnable onEnabled={setCodes} /> : null}
        {disabling ? (
          <DisableForm onCancel={() => setDisabling(false)} sms={!!status.data.methods?.includes('sms')} />
        ) : (
          <button type="button" className="btn btn--secondary" onClick={() => setDisabling(true)} data-testid="two-factor-turn-off">
            {t('settings:twoFactor.turnOff')}
          </button>
        )}
      </>
    );
  else
    body = (
      <>
        <EnableForm onEnabled={setCodes} />
        <SmsTwoFactorEnable onEnabled={setCodes} />
      </>
    );

  return (
    <section className="settings-section" aria-labelledby="two-factor-title">
      <h3 className="section-heading" id="two-factor-title">
        {t('settings:twoFactor.title')}
      </h3>
      <p className="text-muted">{t('settings:twoFactor.description')}</p>
      {body}
    </section>
  );
}
