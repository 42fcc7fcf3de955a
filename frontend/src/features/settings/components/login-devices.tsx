import type { LoginDevice } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { MonitorIcon } from '../../../components/icons/monitor';
import { PhoneIcon } from '../../../components/icons/phone';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { dateLocale } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { useRelativeTime } from '../../../lib/use-relative-time';
import { useLoginDevices, useSignOutDevices } from '../api/login-devices';

/** Settings → Security: the devices signed in to the account; sign one out, or every other one. */
export function LoginDevices() {
  const { t, i18n } = useTranslation(['settings']);
  const devices = useLoginDevices();
  const { one, others } = useSignOutDevices();
  const toast = useToast();
  const { describe } = useErrorText();
  const relative = useRelativeTime();
  const date = (iso: string) => new Date(iso).toLocaleDateString(dateLocale(i18n.language), { day: 'numeric', month: 'short', year: 'numeric' });

  const signOut = (d: LoginDevice) =>
    one.mutate(d._id, {
      onSuccess: () => toast.success(t('settings:devices.signedOut', { device: d.device })),
      onError: (e) => toast.error(describe(e)),
    });
  const signOutOthers = () =>
    others.mutate(undefined, {
      onSuccess: (n) => toast.success(t('settings:devices.signedOutOthers', { count: n })),
      onError: (e) => toast.error(describe(e)),
    });

  let body;
  if (devices.isPending) body = <LoadingState title={t('settings:devices.loading')} />;
  else if (devices.isError) body = <ErrorState error={devices.error} onRetry={() => void devices.refetch()} retrying={devices.isFetching} />;
  else {
    const list = devices.data;
    body = (
      <>
        <ul className="device-list" aria-label={t('settings:devices.title')} data-testid="login-devices">
          {list.map((d) => (
            <li key={d._id} className="device-list__item" data-testid="login-device">
              <span className="device-list__icon" aria-hidden="true">
                {d.deviceType === 'mobile' || d.deviceType === 'tablet' ? <PhoneIcon size={20} /> : <MonitorIcon size={20} />}
              </span>
              <div className="device-list__text">
                <p className="device-list__name">
                  {d.device === 'Unknown device' ? t('settings:devices.unknown') : d.device}
                  {d.current ? <span className="badge badge--success device-list__current">{t('settings:devices.current')}</span> : null}
                </p>
                <p className="text-muted device-list__meta">
                  {[
                    d.ip ? t('settings:devices.address', { ip: d.ip }) : null,
                    t('settings:devices.since', { date: date(d.firstUsedAt) }),
                    t('settings:devices.lastUsed', { when: relative(d.lastUsedAt) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              {d.current ? null : (
                <button
                  type="button"
                  className="btn btn--secondary btn--sm"
                  onClick={() => signOut(d)}
                  disabled={one.isPending && one.variables === d._id}
                  aria-label={t('settings:devices.signOutLabel', { device: d.device })}
                >
                  {t('settings:devices.signOut')}
                </button>
              )}
            </li>
          ))}
        </ul>
        {list.length > 1 ? (
          <button type="button" className="btn btn--secondary" onClick={signOutOthers} disabled={others.isPending} data-testid="sign-out-others">
            {t('settings:devices.signOutOthers')}
          </button>
        ) : (
          <p className="text-muted">{t('settings:devices.onlyThis')}</p>
        )}
      </>
    );
  }

  return (
    <section className="settings-section" aria-labelledby="login-devices-title">
      <h3 className="section-heading" id="login-devices-title">
        {t('settings:devices.title')}
      </h3>
      <p className="text-muted">{t('settings:devices.description')}</p>
      {body}
    </section>
  );
}
