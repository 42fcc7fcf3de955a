import type { TemplateLanguage, TemplatePreview } from '@akhada/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { ALL_NS } from '../../../locales/resources';

/** English or Hindi, for a preview: two radio buttons in a row. */
export function LanguageToggle({
  value,
  onChange,
  available,
}: {
  value: TemplateLanguage;
  onChange: (l: TemplateLanguage) => void;
  available?: readonly TemplateLanguage[];
}) {
  const { t } = useTranslation(ALL_NS);
  const name = useId();
  return (
    <fieldset className="cmp-choices cmp-choices--inline">
      <legend className="field__label">{t('campaigns:preview.language')}</legend>
      <div className="cmp-choices__list cmp-choices__list--segmented">
        {(['en', 'hi'] as const).map((l) => (
          <label key={l} className="cmp-choice cmp-choice--radio">
            <input
              type="radio"
              name={name}
              value={l}
              checked={value === l}
              disabled={available ? !available.includes(l) : false}
              onChange={() => onChange(l)}
              data-testid={`preview-lang-${l}`}
            />
            <span>{t(`campaigns:preview.${l}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A template as a person reads it: the subject and HTML of an email (the HTML in a sandboxed frame: no scripts, no
 * navigation), the text, whose values filled it and which variables had none. Loading and failure (with Retry) too.
 */
export function PreviewView({ query, idle }: { query: UseQueryResult<TemplatePreview>; idle?: string }) {
  const { t } = useTranslation(ALL_NS);
  if (query.fetchStatus === 'idle' && query.isPending) return idle ? <p className="text-muted">{idle}</p> : null;
  if (query.isPending) return <LoadingState title={t('campaigns:preview.loading')} />;
  if (query.isError)
    return <ErrorState error={query.error} title={t('campaigns:preview.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const p = query.data;
  return (
    <div className="cmp-preview" data-testid="template-preview" aria-busy={query.isFetching || undefined} lang={p.language}>
      {p.subject !== null ? (
        <p className="cmp-preview__subject">
          <span className="text-muted">{t('campaigns:preview.subject')}: </span>
          <strong data-testid="preview-subject">{p.subject}</strong>
        </p>
      ) : null}
      {p.html !== null ? (
        <iframe className="cmp-preview__html" title={t('campaigns:preview.html')} sandbox="" srcDoc={p.html} referrerPolicy="no-referrer" />
      ) : null}
      <p className="cmp-preview__text" data-testid="preview-text">
        {p.text}
      </p>
      <p className="text-muted cmp-preview__who">{p.member ? t('campaigns:preview.filledWith', { name: p.member.name }) : t('campaigns:preview.sample')}</p>
      {p.missing.length > 0 ? (
        <Alert tone="warning">{t('campaigns:preview.missing', { fields: p.missing.map((v) => t(`campaigns:variable.${v}`)).join(', ') })}</Alert>
      ) : null}
    </div>
  );
}
