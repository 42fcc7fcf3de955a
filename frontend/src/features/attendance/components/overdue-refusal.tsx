import type { PaymentOverdue } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ALL_NS } from '../../../locales/resources';
import { overdueText } from '../lib/overdue';

/**
 * A check-in refused because a payment is overdue: why and how to pay, in the UI language, until dismissed (not a
 * 5-second toast: the desk reads it to the member). With `onLetIn` (the front desk) it offers "Let in once".
 */
export function OverdueRefusal({ overdue, onLetIn, onDismiss }: { overdue: PaymentOverdue; onLetIn?: () => void; onDismiss: () => void }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const title = overdue.memberName ? `${t('attendance:overdue.title')} · ${overdue.memberName}` : t('attendance:overdue.title');
  return (
    <div className="att-overdue" data-testid="overdue-refusal">
      <Alert tone="error" title={title}>
        <p className="att-overdue__message" data-testid="overdue-message">
          {overdueText(overdue, t, i18n.language)}
        </p>
        <div className="att-overdue__actions">
          {onLetIn ? (
            <button type="button" className="btn btn--primary btn--sm" onClick={onLetIn} data-testid="overdue-let-in">
              {t('attendance:overdue.letIn')}
            </button>
          ) : null}
          <button type="button" className="btn btn--secondary btn--sm" onClick={onDismiss} data-testid="overdue-dismiss">
            {t('attendance:overdue.dismiss')}
          </button>
        </div>
      </Alert>
    </div>
  );
}
