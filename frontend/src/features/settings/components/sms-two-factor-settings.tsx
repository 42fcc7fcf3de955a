import { UpdateTwoFactorBody } from '@akhada/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/use-error-text';
import { useSmsTwoFactorSetup } from '../api/sms-two-factor';
import './sms-two-factor.css';
import { useUpdateTwoFactor } from '../api/two-factor';

/**
 * SMS codes as a (second) two-factor method: a code to the profile's phone verifies it, then sign-in can send codes
 * there. `onEnabled` gets the recovery codes when this is the first method on (else none are handed out).
 */
export function SmsTwoFactorEnable({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation(['settings']);
  const setup = useSmsTwoFactorSetup();
  const update = useUpdateTwoFactor();
  const toast = useToast();
  const { describe } = useErrorText();
  const [landed, setLanded] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (resendAt <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [resendAt, now]);
  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const form = useContractForm<{ code: string }, typeof UpdateTwoFactorBody>(UpdateTwoFactorBody, {
    defaultValues: { code: '' },
    toBody: (v) => ({ enabled: true, method: 'sms', code: v.code.trim() }),
  });
  const send = () =>
    setup.mutate(undefined, {
      onSuccess: (data) => {
        setResendAt(Date.now() + data.resendAfterSeconds * 1000);
        setNow(Date.now());
      },
      onError: (e) => {
        if (e instanceof ApiError && e.retryAfterMs) {
          setResendAt(Date.now() + e.retryAfterMs);
          setNow(Date.now());
        }
      },
    });
  const sendButton = (label: string, primary: boolean) => (
    <button
      type="button"
      className={primary ? 'btn btn--secondary' : 'btn btn--ghost'}
      onClick={send}
      disabled={setup.isPending || waitSeconds > 0}
      data-testid={primary ? 'sms-two-factor-start' : 'sms-two-factor-resend'}
    >
      {waitSeconds > 0 ? t('settings:smsTwoFactor.resendIn', { seconds: waitSeconds }) : label}
    </button>
  );
  return (
    <div className="two-factor__sms" data-testid="sms-two-factor">
      <h4 className="two-factor__sms-title">{t('settings:smsTwoFactor.title')}</h4>
      <p className="text-muted">{t('settings:smsTwoFactor.description')}</p>
      {setup.isError ? <Alert tone="error">{describe(setup.error)}</Alert> : null}
      {!setup.data ? (
        sendButton(t('settings:smsTwoFactor.start'), true)
      ) : (
        <Form
          form={form}
          busy={update.isPending}
          onSubmit={(body) =>
            update.mutate(body, {
              onSuccess: (res) => {
                toast.success(t('settings:twoFactor.enabled'));
                if (res.data.recoveryCodes?.length) onEnabled(res.data.recoveryCodes);
              },
              onError: (e) => setLanded(applyServerErrors(form, e) > 0),
            })
          }
          testId="sms-two-factor-enable"
        >
          <p role="status" data-testid="sms-two-factor-sent">
            {t('settings:smsTwoFactor.sent', { phone: setup.data.phone })}
          </p>
          {update.isError && !landed ? <Alert tone="error">{describe(update.error)}</Alert> : null}
          <TextField
            name="code"
            label={t('settings:smsTwoFactor.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            required
            testId="sms-two-factor-code"
          />
          <div className="two-factor__actions">
            <button type="submit" className="btn btn--primary" disabled={update.isPending} data-testid="sms-two-factor-verify">
              {t('settings:twoFactor.verify')}
            </button>
            {sendButton(t('settings:smsTwoFactor.resend'), false)}
          </div>
        </Form>
      )}
    </div>
  );
}
