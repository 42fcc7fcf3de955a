import { AuthEvents, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MESSAGES, profilePictureProblem, type ProfilePicture } from '@akhada/contracts';
import { AppError, metadataOf, notFound, type RequestContext } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { sniffImageType, squareAvatar } from '../adapters/avatar-image.ts';
import { publish } from '../db/auth-events.ts';
import { avatarUrlOf, deleteProfilePicture, findProfilePicture, saveProfilePicture } from '../db/profile-pictures-repo.ts';
import { findUserInOrg } from '../db/users-repo.ts';
import type { AuthDeps } from './deps.ts';

export const pictureTooLarge = () => new AppError(413, 'FILE_TOO_LARGE', PROFILE_PICTURE_MESSAGES.tooLarge);
export const notAnImage = () => new AppError(415, 'UNSUPPORTED_FILE_TYPE', PROFILE_PICTURE_MESSAGES.notImage);

type Deps = Pick<AuthDeps, 'db' | 'clock' | 'storage'>;

/**
 * Sets the caller's own picture: the type read from the bytes (a renamed file is refused), under 5 MB, squared and
 * stored; then the row points at it and the previous picture's bytes go.
 */
export const uploadProfilePicture = async (deps: Deps, ctx: RequestContext, bytes: Buffer): Promise<ProfilePicture> => {
  if (bytes.length >= PROFILE_PICTURE_MAX_BYTES) throw pictureTooLarge();
  const user = await findUserInOrg(deps.db, ctx.userId, ctx.orgId);
  if (!user) throw notFound('User');
  const problem = profilePictureProblem({ size: bytes.length, type: await sniffImageType(bytes) });
  if (problem === 'tooLarge') throw pictureTooLarge();
  if (problem) throw notAnImage();
  const avatar = await squareAvatar(bytes);
  if (!avatar) throw notAnImage();
  const version = randomUUID();
  const key = `${ctx.orgId}/avatars/${ctx.userId}/${version}.jpg`;
  await deps.storage.put(key, avatar, 'image/jpeg');
  const before = await findProfilePicture(deps.db, ctx.userId);
  const now = deps.clock();
  const avatarUrl = avatarUrlOf({ user_id: ctx.userId, version });
  try {
    await deps.db.transaction().execute(async (trx) => {
      await saveProfilePicture(trx, { user_id: ctx.userId, org_id: ctx.orgId, version, storage_key: key, updated_at: now });
      await publish(trx, AuthEvents.UserAvatarChanged, ctx.userId, { userId: ctx.userId, avatarUrl }, metadataOf(ctx), now);
    });
  } catch (err) {
    await deps.storage.remove(key).catch(() => undefined);
    throw err;
  }
  if (before) await deps.storage.remove(before.storage_key).catch(() => undefined);
  return { avatarUrl };
};

/** Removes the caller's own picture (none is no error). */
export const removeProfilePicture = async (deps: Deps, ctx: RequestContext): Promise<ProfilePicture> => {
  const before = await findProfilePicture(deps.db, ctx.userId);
  if (!before || before.org_id !== ctx.orgId) return { avatarUrl: null };
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await deleteProfilePicture(trx, ctx.userId, ctx.orgId);
    await publish(trx, AuthEvents.UserAvatarChanged, ctx.userId, { userId: ctx.userId, avatarUrl: null }, metadataOf(ctx), now);
  });
  if (before) await deps.storage.remove(before.storage_key).catch(() => undefined);
  return { avatarUrl: null };
};

/** The bytes of a picture at the address its profile gave out; a replaced or removed picture is not found. */
export const profilePictureFile = async (deps: Pick<AuthDeps, 'db' | 'storage'>, userId: string, version: string): Promise<Buffer> => {
  const row = await findProfilePicture(deps.db, userId);
  if (!row || row.version !== version) throw notFound('Picture');
  const bytes = await deps.storage.get(row.storage_key);
  if (!bytes) throw notFound('Picture');
  return bytes;
};
