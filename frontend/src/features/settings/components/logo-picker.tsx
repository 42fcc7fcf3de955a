import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const MAX_SIDE = 256;
const MAX_INPUT_BYTES = 5 * 1024 * 1024;

/** The picked image, resized to at most 256 px a side, as a WebP (or PNG) data URL; the server checks its bytes again. */
async function resized(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const webp = canvas.toDataURL('image/webp', 0.9);
  return webp.startsWith('data:image/webp') ? webp : canvas.toDataURL('image/png');
}

/** The gym's logo: shown, replaced (image only, under 5 MB, made small here) or removed; saved with the form. */
export function LogoPicker({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) {
  const { t } = useTranslation(['gymsettings']);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(t('gymsettings:logo.notImage'));
    if (file.size > MAX_INPUT_BYTES) return setError(t('gymsettings:logo.tooLarge'));
    try {
      onChange(await resized(file));
    } catch {
      setError(t('gymsettings:logo.notImage'));
    }
  };
  return (
    <div className="field">
      <span className="field__label">{t('gymsettings:logo.label')}</span>
      <div className="gym-logo">
        {value ? <img src={value} alt={t('gymsettings:logo.alt')} className="gym-logo__img" data-testid="gym-logo-img" /> : <div className="gym-logo__empty" />}
        <label className="btn btn--secondary btn--sm">
          {t('gymsettings:logo.choose')}
          <input type="file" accept="image/*" className="visually-hidden" onChange={(e) => void pick(e.target.files?.[0])} data-testid="gym-logo-input" />
        </label>
        {value ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => onChange(null)}>
            {t('gymsettings:logo.remove')}
          </button>
        ) : null}
      </div>
      <p className="field__hint">{t('gymsettings:logo.hint')}</p>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
