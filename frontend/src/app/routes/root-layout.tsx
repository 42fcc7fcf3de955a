import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { ALL_NS } from '../../locales/resources';

/** Every route: a thin progress bar while a lazily loaded screen arrives, and scroll restoration. */
export function RootLayout() {
  const { t } = useTranslation(ALL_NS);
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  return (
    <>
      {loading ? <div className="nav-progress" role="progressbar" aria-label={t('common:navigationProgress')} /> : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
