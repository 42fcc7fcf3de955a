import { PROFILE_PICTURE_ACCEPT, profilePictureProblem } from '@akhada/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { UserAvatar } from '../../../components/user-avatar';
import { ApiError } from '../../../lib/api-error';
import { useSession, useUser } from '../../../lib/auth/session';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { removeProfilePicture, uploadProfilePicture } from '../api/profile-picture';

type Status = { kind: 'idle' } | { kind: 'uploading'; progress: number } | { kind: 'removing' };

/**
 * The profile picture: choose an image (checked here first — an image under 5 MB — and again from its bytes on the
 * server), see it at once, watch the upload, or remove it. The shell's avatar follows the session's user.
 */
export function ProfilePicture() {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const user = useUser();
  const { setUser } = useSession();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(null), 3000);
    return () => clearTimeout(timer);
  }, [done]);

  const fail = (message: string) => {
    setError(message);
    setAttempts((n) => n + 1);
  };
  const messageOf = (err: unknown) => {
    if (err instanceof ApiError && err.status === 413) return t('profile:picture.tooLarge');
    if (err instanceof ApiError && err.status === 415) return t('profile:picture.notImage');
    return describe(err, { fallback: t('profile:picture.failed') });
  };

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setDone(null);
    const problem = profilePictureProblem({ size: file.size, type: file.type });
    if (problem) return fail(t(`profile:picture.${problem}`));
    setError(null);
    setPreview(URL.createObjectURL(file));
    setStatus({ kind: 'uploading', progress: 0 });
    try {
      const { avatarUrl } = await uploadProfilePicture(file, (progress) => setStatus({ kind: 'uploading', progress }));
      setUser({ ...user, avatarUrl });
      setDone(t('profile:picture.updated'));
    } catch (err) {
      fail(messageOf(err));
    } finally {
      setPreview(null);
      setStatus({ kind: 'idle' });
    }
  };

  const remove = async () => {
    setDone(null);
    setError(null);
    setStatus({ kind: 'removing' });
    try {
      await removeProfilePicture();
      setUser({ ...user, avatarUrl: null });
      setDone(t('profile:picture.removed'));
    } catch (err) {
      fail(messageOf(err));
    } finally {
      setStatus({ kind: 'idle' });
    }
  };

  const busy = status.kind !== 'idle';
  return (
    <div className="profile-picture" data-testid="profile-picture">
      <UserAvatar person={{ ...user, avatarUrl: preview ?? user.avatarUrl }} size="xl" className={busy ? 'profile-picture__avatar--busy' : ''} />
      <div className="profile-picture__actions">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={PROFILE_PICTURE_ACCEPT}
          className="visually-hidden"
          data-testid="profile-picture-input"
          disabled={busy}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <label htmlFor={inputId} className={`btn btn--secondary btn--sm${busy ? ' btn--disabled' : ''}`} aria-disabled={busy || undefined}>
          {user.avatarUrl ? t('profile:picture.change') : t('profile:picture.upload')}
        </label>
        {user.avatarUrl && !preview ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void remove()} disabled={busy} data-testid="profile-picture-remove">
            {status.kind === 'removing' ? t('profile:picture.removing') : t('profile:picture.remove')}
          </button>
        ) : null}
      </div>
      <p className="profile-picture__hint">{t('profile:picture.hint')}</p>
      {status.kind === 'uploading' ? (
        <div className="profile-picture__progress">
          <progress max={100} value={Math.round(status.progress * 100)} aria-label={t('profile:picture.uploading')} />
          <span aria-live="polite">{t('profile:picture.progress', { percent: Math.round(status.progress * 100) })}</span>
        </div>
      ) : null}
      {error ? (
        <Alert tone="error" shake={attempts} testId="profile-picture-error">
          {error}
        </Alert>
      ) : null}
      {done ? (
        <Alert tone="success" testId="profile-picture-done">
          {done}
        </Alert>
      ) : null}
    </div>
  );
}
