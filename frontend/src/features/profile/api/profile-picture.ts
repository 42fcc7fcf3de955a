import { profilePictureRoutes as r, type ProfilePicture } from '@akhada/contracts';
import { buildUrl, callRoute, parseResponse } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { apiLanguage } from '../../../lib/api-language';
import { getToken } from '../../../lib/auth/token-store';

/**
 * POST /api/settings/profile/picture as multipart, through XMLHttpRequest so the page can show the upload's progress
 * (fetch cannot report it). `onProgress` gets 0…1.
 */
export function uploadProfilePicture(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<ProfilePicture> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(r.upload.path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', apiLanguage());
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) return reject(ApiError.fromResponse(xhr.status, json, xhr.getResponseHeader('retry-after')));
      try {
        resolve(parseResponse(r.upload.responses[200], json, 'POST /settings/profile/picture').data);
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError({ kind: 'network', message: 'network error' }));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.set('file', file, file.name);
    xhr.send(form);
  });
}

/** DELETE /api/settings/profile/picture. */
export async function removeProfilePicture(): Promise<ProfilePicture> {
  const json = await callRoute(r.remove, {});
  return parseResponse(r.remove.responses[200], json, 'DELETE /settings/profile/picture').data;
}
