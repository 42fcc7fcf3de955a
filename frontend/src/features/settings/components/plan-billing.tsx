import type { BillingOverview, PaidPlanId, PlanId } from '@akhada/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { CheckIcon } from '../../../components/icons/check';
import { ErrorState } from '../../../components/error-state';
import { Spinner } from '../../../components/spinner';
import { useSession, useUser } from '../../../lib/auth/session';
import { formatDate, formatMoney } from '../../../lib/format';
import { isCheckoutDismissed } from '../../../lib/razorpay-checkout';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useBilling, useBuyPlan } from '../api/billing';
import '../settings.css';

const RANK: Record<PlanId, number> = { free: 0, mini: 1, starter: 2, pro: 3, enterprise: 4 };
const USAGE = ['members', 'trainers', 'locations'] as const;
/** Days before the trial's end from which the reminder shows (the bell and mail remind as well, where set up). */
const REMIND_DAYS = 3;

/**
 * Plan and billing (Settings tab and /dashboard/settings/plan): the gym's plan and trial, its usage against the plan's
 * limits, the paid plans (a plan the usage exceeds cannot be chosen: the reason says why), paid to Akhada through
 * Razorpay Checkout, and Akhada's GST invoices to the gym. After the payment the session is read again until the
 * new plan shows (auth sets it from the payment's event), so read-only mode ends without signing in again.
 */
export function PlanBilling() {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const { refresh } = useSession();
  const { describe } = useErrorText();
  const owner = user.role === 'owner';
  const query = useBilling();
  const buy = useBuyPlan();
  const [dismissed, setDismissed] = useState(false);
  const bought = buy.data?.plan ?? null;
  const active = bought !== null && user.organization.plan === bought && user.organization.trialEndsAt === null;

  // The plan follows the payment through auth's event: read the session again until it shows.
  useEffect(() => {
    if (!bought || active) return;
    void refresh();
    const timer = window.setInterval(() => void refresh(), 1500);
    return () => window.clearInterval(timer);
  }, [bought, active, refresh]);
  // The overview comes from payments, whose copy of the plan follows auth's event a moment after the session's: read it
  // again until it shows the plan bought too (reading it once when the session had it sometimes still got the old one).
  const { refetch } = query;
  const overviewCaughtUp = bought !== null && query.data?.plan === bought;
  useEffect(() => {
    if (!active || overviewCaughtUp) return;
    void refetch();
    const timer = window.setInterval(() => void refetch(), 1500);
    return () => window.clearInterval(timer);
  }, [active, overviewCaughtUp, refetch]);

  if (query.isPending)
    return (
      <div className="billing-loading" data-testid="billing-loading">
        <Spinner label={t('billing:loading')} />
      </div>
    );
  if (query.isError) return <ErrorState error={query.error} title={t('billing:loadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;

  const data: BillingOverview = query.data;
  const planName = (p: PlanId) => t(`settings:plan.names.${p}`);
  const limitText = (what: (typeof USAGE)[number], limit: number | null) =>
    limit === null ? t('billing:unlimited') : t(`billing:limit.${what}`, { count: limit });
  const trialEnds = data.plan === 'free' && data.trialEndsAt ? Date.parse(data.trialEndsAt) : null;
  const daysLeft = trialEnds === null ? null : Math.ceil((trialEnds - Date.now()) / 86_400_000);

  const pay = (plan: PaidPlanId) => {
    setDismissed(false);
    buy.mutate(plan, { onError: (e) => setDismissed(isCheckoutDismissed(e)) });
  };

  return (
    <div className="billing" data-testid="plan-billing">
      <section className="settings-section" aria-labelledby="billing-current">
        <h3 className="section-heading" id="billing-current">
          {t('billing:current')}
        </h3>
        <p className="billing__plan" data-testid="billing-plan">
          <strong>{planName(data.plan)}</strong>
          {data.plan === 'free' ? null : <span className="text-muted"> · {t('billing:monthly')}</span>}
        </p>
        <div className="plan-page__notes" aria-live="polite">
          {trialEnds !== null && data.readOnly ? (
            <Alert tone="error" testId="billing-trial">
              {t('settings:plan.trialEnded', { date: formatDate(data.trialEndsAt!, i18n.language) })}
            </Alert>
          ) : trialEnds !== null ? (
            <Alert tone={daysLeft !== null && daysLeft <= REMIND_DAYS ? 'warning' : 'info'} testId="billing-trial">
              {t('billing:trialLeft', { date: formatDate(data.trialEndsAt!, i18n.language), count: Math.max(daysLeft ?? 0, 0) })}
            </Alert>
          ) : null}
          {bought && !active ? (
            <Alert tone="info" testId="billing-activating">
              {t('billing:activating', { plan: planName(bought) })}
            </Alert>
          ) : null}
          {active ? (
            <Alert tone="success" testId="billing-success">
              {t('billing:paid', { plan: planName(bought!), number: buy.data!.invoice.number })}
            </Alert>
          ) : null}
          {buy.isError && !dismissed ? (
            <Alert tone="error" testId="billing-error">
              {describe(buy.error, { fallback: t('billing:payFailed') })}
            </Alert>
          ) : null}
          {dismissed ? (
            <Alert tone="info" testId="billing-dismissed">
              {t('billing:dismissed')}
            </Alert>
          ) : null}
          {owner ? null : (
            <Alert tone="info" testId="plan-owner-only">
              {t('settings:plan.ownerOnly')}
            </Alert>
          )}
        </div>
      </section>

      <section className="settings-section" aria-labelledby="billing-usage">
        <h3 className="section-heading" id="billing-usage">
          {t('billing:usage')}
        </h3>
        <ul className="billing-usage">
          {USAGE.map((what) => {
            const used = data.usage[what];
            const limit = data.limits[what];
            const pct = limit === null ? 0 : Math.min(100, Math.round((used / Math.max(limit, 1)) * 100));
            const over = limit !== null && used > limit;
            return (
              <li key={what} className="billing-usage__item" data-testid={`usage-${what}`}>
                <div className="billing-usage__head">
                  <span>{t(`billing:what.${what}`)}</span>
                  <span className={over ? 'billing-usage__over' : 'text-muted'}>
                    {limit === null ? t('billing:usedOpen', { used }) : t('billing:used', { used, limit })}
                  </span>
                </div>
                {limit === null ? null : (
                  <div
                    className={`billing-meter${over ? ' billing-meter--over' : ''}`}
                    role="meter"
                    aria-valuemin={0}
                    aria-valuemax={limit}
                    aria-valuenow={Math.min(used, limit)}
                    aria-label={t(`billing:what.${what}`)}
                  >
                    <span style={{ width: `${pct}%` }} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="settings-section" aria-labelledby="billing-plans">
        <h3 className="section-heading" id="billing-plans">
          {t('billing:plans')}
        </h3>
        <ul className="plan-grid" aria-label={t('settings:plan.listLabel')}>
          {data.options.map((o) => {
            const isCurrent = o.plan === data.plan;
            const up = RANK[o.plan] > RANK[data.plan];
            const tooSmall = USAGE.find((w) => o.limits[w] !== null && data.usage[w] > o.limits[w]!);
            const label = isCurrent
              ? t('billing:renew')
              : up
                ? t('billing:upgrade', { plan: planName(o.plan) })
                : t('billing:downgrade', { plan: planName(o.plan) });
            return (
              <li
                key={o.plan}
                className={`card plan-card${isCurrent ? ' plan-card--current' : ''}`}
                data-testid={`plan-${o.plan}`}
                aria-current={isCurrent ? 'true' : undefined}
              >
                <div className="plan-card__head">
                  <h4 className="plan-card__name">{planName(o.plan)}</h4>
                  {isCurrent ? <span className="badge badge--info">{t('settings:plan.current')}</span> : null}
                </div>
                <p className="plan-card__price">{t('settings:plan.price', { price: formatMoney(o.price) })}</p>
                <p className="plan-card__hint">
                  {t('billing:withGst', { gst: formatMoney(o.gst, { exact: true }), total: formatMoney(o.total, { exact: true }) })}
                </p>
                <ul className="plan-card__limits">
                  {USAGE.map((w) => (
                    <li key={w}>
                      <CheckIcon size={16} />
                      {t(`billing:what.${w}`)}: {limitText(w, o.limits[w])}
                    </li>
                  ))}
                </ul>
                {tooSmall ? (
                  <p className="plan-card__hint billing__too-small" data-testid={`too-small-${o.plan}`}>
                    {t('billing:tooSmall', { what: t(`billing:what.${tooSmall}`), used: data.usage[tooSmall], limit: o.limits[tooSmall] })}
                  </p>
                ) : null}
                {owner ? (
                  <button
                    type="button"
                    className={`btn btn--block ${up || data.plan === 'free' ? 'btn--primary' : 'btn--secondary'}`}
                    disabled={buy.isPending || !!tooSmall || (bought !== null && !active)}
                    onClick={() => pay(o.plan as PaidPlanId)}
                    data-testid={`choose-${o.plan}`}
                  >
                    {buy.isPending && buy.variables === o.plan ? t('billing:paying') : label}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
        <p className="plan-page__billing">{t('billing:note')}</p>
      </section>

      <section className="settings-section" aria-labelledby="billing-invoices">
        <h3 className="section-heading" id="billing-invoices">
          {t('billing:invoices')}
        </h3>
        {data.invoices.length === 0 ? (
          <p className="text-muted" data-testid="billing-no-invoices">
            {t('billing:noInvoices')}
          </p>
        ) : (
          <ul className="billing-invoices" data-testid="billing-invoices">
            {data.invoices.map((inv) => (
              <li key={inv.orderId} className="billing-invoices__item">
                <div>
                  <strong>{inv.number}</strong> · {planName(inv.plan)}
                  <div className="text-muted">{formatDate(inv.paidAt, i18n.language)}</div>
                </div>
                <div className="billing-invoices__amounts">
                  <strong>{formatMoney(inv.total, { exact: true })}</strong>
                  <div className="text-muted">
                    {inv.igst > 0
                      ? t('billing:igst', { amount: formatMoney(inv.igst, { exact: true }) })
                      : t('billing:cgstSgst', { cgst: formatMoney(inv.cgst, { exact: true }), sgst: formatMoney(inv.sgst, { exact: true }) })}
                  </div>
                  <div className="text-muted">
                    {t('billing:gstins', { supplier: inv.supplierGstin, recipient: inv.recipientGstin ?? t('billing:unregistered') })}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
