import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { LockIcon } from '../../../components/icons/lock';
import { QueryView as SharedQueryView } from '../../../components/query-view';
import { useUser } from '../../../lib/auth/session';
import { ALL_NS } from '../../../locales/resources';
import { isUpgradeRequired } from '../lib/refusal';

/** A gym whose plan lacks scheduling (the API's 402): what it would get and, for the owner, the way to the plans. */
export function UpgradePrompt() {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const staff = user.role === 'owner' || user.role === 'admin';
  return (
    <div className="card" data-testid="scheduling-upgrade">
      <EmptyState
        icon={<LockIcon size={28} />}
        title={t('scheduling:upgrade.title')}
        hint={staff ? t('scheduling:upgrade.hint') : t('scheduling:upgrade.hintMember')}
        action={
          user.role === 'owner' ? (
            <Link to="/dashboard/settings/plan" className="btn btn--primary">
              {t('scheduling:upgrade.cta')}
            </Link>
          ) : undefined
        }
      />
    </div>
  );
}

/** A query's loading and failed states (the shared QueryView), and the plan's 402 as the upgrade prompt, or `children` with its data. */
export function QueryView<T>(props: { query: UseQueryResult<T>; loading: string; errorTitle: string; children: (data: T) => ReactNode }) {
  return <SharedQueryView {...props} refusal={(error) => (isUpgradeRequired(error) ? <UpgradePrompt /> : null)} />;
}
