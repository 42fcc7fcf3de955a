import { z } from 'zod';
import { ANY_ROLE, ok, Problem, route } from './route.ts';

/** Spec §5 "Profile picture": an image under 5 MB. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** The image types a picture may be (read from the bytes on the server; the picker's `accept`). */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const PROFILE_PICTURE_ACCEPT = PROFILE_PICTURE_TYPES.join(',');
/** The stored avatar: a square of this many pixels (JPEG). */
export const PROFILE_PICTURE_SIZE_PX = 256;
/** The upload request's largest body (the file and the multipart framing): the gateway lets this route's body so big. */
export const PROFILE_PICTURE_UPLOAD_BODY_BYTES = PROFILE_PICTURE_MAX_BYTES + 64 * 1024;
/** The upload route's path under the API root (the gateway matches it for the larger body limit). */
export const PROFILE_PICTURE_UPLOAD_PATH = /^\/api\/settings\/profile\/picture$/;

/** The spec's two messages, shared by the picker and the server. */
export const PROFILE_PICTURE_MESSAGES = {
  notImage: 'Please select an image file',
  tooLarge: 'File size must be less than 5MB',
} as const;

/**
 * What is wrong with a chosen picture, by its size and type (the browser's claim in the picker; the type read from
 * the bytes on the server), or null when it may be sent.
 */
export const profilePictureProblem = ({ size, type }: { size: number; type: string | undefined }): 'notImage' | 'tooLarge' | null => {
  if (!type || !(PROFILE_PICTURE_TYPES as readonly string[]).includes(type)) return 'notImage';
  if (size >= PROFILE_PICTURE_MAX_BYTES) return 'tooLarge';
  return null;
};

export const ProfilePicture = z.object({
  /** Where the app loads the picture (no token needed: the address itself is unguessable and changes with each picture). */
  avatarUrl: z.string().nullable(),
});
export type ProfilePicture = z.infer<typeof ProfilePicture>;

export const AvatarParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
export const AvatarQuery = z.object({ v: z.uuid({ message: 'Not a valid picture' }) });

export const profilePictureRoutes = {
  upload: route({
    method: 'POST',
    path: '/settings/profile/picture',
    responses: { 200: ok(ProfilePicture), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 413: Problem, 415: Problem },
    auth: true,
    roles: ANY_ROLE,
    allowPending: true,
    summary: "Sets the caller's own profile picture (multipart/form-data with a `file` field).",
    description:
      'JPEG, PNG, WebP or GIF read from the bytes (anything else, whatever its name, 415 UNSUPPORTED_FILE_TYPE "Please select an image file"); under 5 MB (413 FILE_TOO_LARGE "File size must be less than 5MB"). Stored as a 256×256 JPEG, turned upright, without its metadata (no location).',
  }),
  remove: route({
    method: 'DELETE',
    path: '/settings/profile/picture',
    responses: { 200: ok(ProfilePicture), 401: Problem, 402: Problem, 403: Problem },
    auth: true,
    roles: ANY_ROLE,
    allowPending: true,
    summary: "Removes the caller's own profile picture (the initials show again).",
  }),
  file: route({
    method: 'GET',
    path: '/auth/avatars/:id',
    params: AvatarParams,
    query: AvatarQuery,
    responses: { 200: z.string(), 400: Problem, 404: Problem },
    auth: false,
    summary: "A person's profile picture (JPEG) at the address their profile gave out.",
    description:
      'No bearer token (an <img> cannot send one): the `v` is a random id of this picture, so the address is unguessable and cached for long; a replaced or removed picture answers 404.',
  }),
};
