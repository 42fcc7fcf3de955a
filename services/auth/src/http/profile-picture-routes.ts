import { PROFILE_PICTURE_MAX_BYTES, profilePictureRoutes as r } from '@akhada/contracts';
import { addRoute, AppError, badRequest, type App, type RequestContext } from '@akhada/kit';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { AuthDeps } from '../app/deps.ts';
import { pictureTooLarge, profilePictureFile, removeProfilePicture, uploadProfilePicture } from '../app/profile-picture.ts';

type Svc = { app: App; authenticate: (req: FastifyRequest) => Promise<RequestContext> };

/** Reads the one `file` part of a multipart upload; a broken body is 400, a file over the limit 413 — never 500. */
const readPicture = async (req: FastifyRequest): Promise<Buffer> => {
  if (!req.isMultipart()) throw badRequest('Send the picture as multipart/form-data with a "file" field');
  let file: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) {
        await part.toBuffer();
        throw badRequest('Send one picture, in the "file" field');
      }
      file = await part.toBuffer();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || (err as { statusCode?: number }).statusCode === 413) throw pictureTooLarge();
    if (err instanceof AppError) throw err;
    throw badRequest('The upload could not be read: send multipart/form-data with a "file" field');
  }
  if (!file) throw badRequest('Choose a picture', [{ path: 'file', message: 'Choose a picture' }]);
  return file;
};

/** Settings → Profile: the caller's own picture, and the public (unguessable) address every screen loads it from. */
export const registerProfilePictureRoutes = (svc: Svc, deps: Pick<AuthDeps, 'db' | 'clock' | 'storage'>): void => {
  // One byte over the limit is enough to know it is too large; the parser stops reading there.
  void svc.app.register(multipart, { limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 100 } });
  addRoute(svc, r.upload, async ({ ctx }, req) => {
    const bytes = await readPicture(req);
    return { success: true as const, data: await uploadProfilePicture(deps, ctx, bytes), message: 'Profile picture updated' };
  });
  addRoute(svc, r.remove, async ({ ctx }) => ({ success: true as const, data: await removeProfilePicture(deps, ctx), message: 'Profile picture removed' }));
  addRoute(svc, r.file, async ({ params, query }, _req, reply) => {
    const bytes = await profilePictureFile(deps, params.id, query.v);
    reply
      .type('image/jpeg')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      // The address changes with every new picture: it may be kept for long.
      .header('cache-control', 'private, max-age=31536000, immutable');
    return reply.send(bytes);
  });
};
