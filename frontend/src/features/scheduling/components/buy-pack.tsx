import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { formatMoney } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { useToast } from '../../../components/toast';
import { ALL_NS } from '../../../locales/resources';
import { useBuyPack, usePackTypes } from '../api/packs-api';
import { isUpgradeRequired } from '../lib/refusal';

/**
 * The packs the gym sells, each with Buy: the purchase goes to payments, which makes a pending payment; the balance card
 * then shows it "awaiting payment" with Pay now (Razorpay Checkout) until it is paid and the sessions are added.
 */
export function BuyPack() {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const headingId = useId();
  const types = usePackTypes();
  const buy = useBuyPack();
  const [busy, setBusy] = useState<string | null>(null);
  // Nothing to offer (or the plan has no scheduling: the balance card above says so): no section at all.
  if (types.isPending || (types.isError && isUpgradeRequired(types.error))) return null;
  const onSale = (types.data ?? []).filter((p) => !p.archived);
  const onBuy = (id: string, name: string) => {
    setBusy(id);
    buy.mutate(id, {
      onSuccess: () => toast.success(t('scheduling:packs.buy.started', { name })),
      onSettled: () => setBusy(null),
    });
  };
  return (
    <section className="card sched-card" aria-labelledby={headingId} data-testid="buy-pack">
      <h2 className="card__title" id={headingId}>
        {t('scheduling:packs.buy.title')}
      </h2>
      {types.isError ? (
        <Alert tone="error">
          <p>{t('scheduling:packs.loadError')}</p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void types.refetch()} disabled={types.isFetching}>
            {t('common:actions.retry')}
          </button>
        </Alert>
      ) : onSale.length === 0 ? (
        <p className="sched-muted">{t('scheduling:packs.buy.none')}</p>
      ) : (
        <>
          <p className="sched-muted">{t('scheduling:packs.buy.hint')}</p>
          {buy.isError ? (
            <Alert tone="error" testId="buy-pack-error">
              {describe(buy.error, { fallback: t('scheduling:packs.buy.failed') })}
            </Alert>
          ) : null}
          <ul className="sched-pt-list">
            {onSale.map((p) => (
              <li key={p.id} className="sched-pt-item" data-testid="buy-pack-offer">
                <div>
                  <p className="sched-pt-item__name">{p.name}</p>
                  <p className="sched-muted">
                    {t('scheduling:packs.sessions', { count: p.sessions })} · {t('scheduling:packs.validDays', { count: p.validityDays })} ·{' '}
                    {t('scheduling:packs.price', { price: formatMoney(p.pricePaise / 100, { exact: true }) })}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn--primary btn--sm"
                  onClick={() => onBuy(p.id, p.name)}
                  disabled={busy !== null}
                  aria-label={t('scheduling:packs.buy.buyLabel', { name: p.name })}
                >
                  {busy === p.id ? t('scheduling:packs.buy.buying') : t('scheduling:packs.buy.buy')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
