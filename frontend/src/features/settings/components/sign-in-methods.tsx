import type { SignInMethod } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { dateLocale } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { useSignInMethods, useUnlinkSignInMethod } from '../api/sign-in-methods';

/**
 * Settings → Security: how the account signs in — the password, each linked Google account (its email) and SMS
 * codes — with Unlink for a Google account while another way in stays (the server refuses the last one).
 */
export function SignInMethods() {
  const { t, i18n } = useTranslation(['settings']);
  const methods = useSignInMethods();
  const unlink = useUnlinkSignInMethod();
  const toast = useToast();
  const { describe } = useErrorText();
  const date = (iso: string) => new Date(iso).toLocaleDateString(dateLocale(i18n.language), { day: 'numeric', month: 'short', year: 'numeric' });

  const name = (m: SignInMethod) =>
    m.kind === 'password' ? t('settings:signInMethods.password') : m.kind === 'google' ? t('settings:signInMethods.google') : t('settings:signInMethods.sms');
  const detail = (m: SignInMethod) =>
    [
      m.kind === 'password' ? t('settings:signInMethods.passwordDetail') : m.label,
      m.kind === 'sms' ? t('settings:signInMethods.smsDetail') : null,
      m.linkedAt ? t('settings:signInMethods.linkedOn', { date: date(m.linkedAt) }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  const remove = (m: SignInMethod) =>
    unlink.mutate(m.id, {
      onSuccess: () => toast.success(t('settings:signInMethods.unlinked', { email: m.label ?? '' })),
      onError: (e) => toast.error(describe(e)),
    });

  let body;
  if (methods.isPending) body = <LoadingState title={t('settings:signInMethods.loading')} />;
  else if (methods.isError) body = <ErrorState error={methods.error} onRetry={() => void methods.refetch()} retrying={methods.isFetching} />;
  else
    body = (
      <ul className="device-list" aria-labelledby="sign-in-methods-title" data-testid="sign-in-methods">
        {methods.data.map((m) => (
          <li key={m.id} className="device-list__item" data-testid={`sign-in-method-${m.kind}`}>
            <div className="device-list__text">
              <p className="device-list__name">{name(m)}</p>
              <p className="text-muted device-list__meta">{detail(m)}</p>
            </div>
            {m.kind === 'google' && m.canUnlink ? (
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                onClick={() => remove(m)}
                disabled={unlink.isPending && unlink.variables === m.id}
                aria-label={t('settings:signInMethods.unlinkLabel', { email: m.label ?? '' })}
                data-testid="sign-in-method-unlink"
              >
                {t('settings:signInMethods.unlink')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    );

  return (
    <section className="settings-section" aria-labelledby="sign-in-methods-title">
      <h3 className="section-heading" id="sign-in-methods-title">
        {t('settings:signInMethods.title')}
      </h3>
      <p className="text-muted">{t('settings:signInMethods.description')}</p>
      {body}
    </section>
  );
}
