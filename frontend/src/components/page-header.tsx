import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle, actions, id }: { title: string; subtitle?: string; actions?: ReactNode; id?: string }) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        <h1 className="page-header__title" id={id}>
          {title}
        </h1>
        {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}
