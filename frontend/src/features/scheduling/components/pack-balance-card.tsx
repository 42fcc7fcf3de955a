import type { PackBalance } from '@akhada/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { DumbbellIcon } from '../../../components/icons/dumbbell';
import { PayOnlineButton } from '../../../components/pay-online-button';
import { Spinner } from '../../../components/spinner';
import { formatDate, formatMoney } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { usePackBalance } from '../api/packs-api';
import { QueryView } from './scheduling-states';

const HISTORY_SHOWN = 10;

/**
 * A member's session credits: the sessions left now, each pack with its expiry (expired and refunded ones marked), the
 * purchases still on their way (the member pays a pending one here, online) and the sessions that used a credit.
 * `memberId` null: the signed-in member's own; staff pass the member's id (and their name for the heading).
 */
export function PackBalanceCard({ memberId, name, payable = false }: { memberId: string | null; name?: string; payable?: boolean }) {
  const { t } = useTranslation(ALL_NS);
  const headingId = useId();
  const balance = usePackBalance(memberId);
  return (
    <section className="card sched-card" aria-labelledby={headingId} data-testid="pack-balance">
      <h2 className="card__title" id={headingId}>
        {name ? t('scheduling:packs.balance.memberTitle', { name }) : t('scheduling:packs.balance.title')}
      </h2>
      <QueryView query={balance} loading={t('scheduling:packs.balance.loading')} errorTitle={t('scheduling:packs.balance.loadError')}>
        {(b) => <BalanceBody b={b} payable={payable} />}
      </QueryView>
    </section>
  );
}

function BalanceBody({ b, payable }: { b: PackBalance; payable: boolean }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const waiting = b.purchases.filter((p) => p.status === 'requested' || p.status === 'pending');
  if (b.packs.length === 0 && waiting.length === 0)
    return <EmptyState icon={<DumbbellIcon size={28} />} title={t('scheduling:packs.balance.none')} hint={t('scheduling:packs.balance.noneHint')} />;
  const packName = new Map(b.packs.map((p) => [p.purchaseId, p.name]));
  return (
    <>
      <p className="sched-pack-remaining" data-testid="pack-remaining">
        <strong>{b.remaining}</strong> <span className="sched-muted">{t('scheduling:packs.balance.remaining')}</span>
      </p>
      {waiting.length > 0 ? (
        <ul className="sched-pt-list" aria-label={t('scheduling:packs.balance.waiting')} aria-live="polite" data-testid="pack-waiting">
          {waiting.map((p) => (
            <li key={p.id} className="sched-pt-item" data-testid="pack-purchase-waiting">
              <div>
                <p className="sched-pt-item__name">
                  {p.name} · {t('scheduling:packs.price', { price: formatMoney(p.pricePaise / 100, { exact: true }) })}
                </p>
                <p className="sched-muted">
                  {p.status === 'requested' ? <Spinner size="sm" /> : null}{' '}
                  {/* Sold at the desk: paid already, the credits follow once payments has recorded it. */}
                  {p.method === 'online' ? t(`scheduling:packs.balance.status.${p.status}`) : t('scheduling:packs.balance.crediting')}
                </p>
              </div>
              {payable && p.status === 'pending' && p.paymentId ? (
                <PayOnlineButton
                  payment={{ _id: p.paymentId, status: 'pending' }}
                  label={t('scheduling:packs.balance.payNow')}
                  className="btn btn--primary btn--sm"
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {b.packs.length > 0 ? (
        <ul className="sched-pt-list" data-testid="packs">
          {b.packs.map((p) => {
            const over = p.expired || p.refunded;
            return (
              <li key={p.purchaseId} className={`sched-pt-item${over ? ' sched-pack--over' : ''}`} data-testid="pack">
                <div>
                  <p className="sched-pt-item__name">{p.name}</p>
                  <p className="sched-muted" data-testid="pack-expiry">
                    {p.expired
                      ? t('scheduling:packs.balance.expiredOn', { date: formatDate(p.expiresAt, i18n.language) })
                      : t('scheduling:packs.balance.expires', { date: formatDate(p.expiresAt, i18n.language) })}
                  </p>
                </div>
                <div className="sched-pack__state">
                  <span>{t('scheduling:packs.balance.packLeft', { left: p.remaining, sessions: p.sessions })}</span>
                  {p.refunded ? (
                    <span className="badge badge--neutral">{t('scheduling:packs.balance.refunded')}</span>
                  ) : p.expired ? (
                    <span className="badge badge--danger">{t('scheduling:packs.balance.expired')}</span>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      {b.history.length > 0 ? (
        <details className="sched-pack-history">
          <summary>{t('scheduling:packs.balance.history')}</summary>
          <ul className="sched-pt-list" data-testid="pack-history">
            {b.history.slice(0, HISTORY_SHOWN).map((h) => (
              <li key={h.appointmentId} className="sched-pt-item">
                <span>
                  {t(`scheduling:packs.balance.reason.${h.reason}`)}
                  {h.purchaseId && packName.get(h.purchaseId) ? ` · ${packName.get(h.purchaseId)}` : ''}
                  {h.purchaseId ? '' : ` · ${t('scheduling:packs.balance.uncovered')}`}
                </span>
                <span className="sched-muted">{formatDate(h.at, i18n.language)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
