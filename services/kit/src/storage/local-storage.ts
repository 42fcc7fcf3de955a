import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertSafeKey, type ObjectStorage } from './object-storage.ts';

export interface LocalStorageOptions {
  /** The folder (created on the first put). */
  root: string;
  /**
   * For `signedUrl`: the HMAC key and the address the URLs start with (where `serveSignedLocalFile` answers, e.g.
   * `http://127.0.0.1:4999/files`). Without it `signedUrl` throws; services that serve bytes through their own
   * checked route (chat's links, auth's avatars) do not need it.
   */
  signing?: { secret: string; baseUrl: string };
}

export type LocalStorage = ObjectStorage & {
  /** Checks a signed URL's query for `key`: 'ok', 'expired' (refused after its time) or 'bad'. */
  verify(key: string, q: { exp: string | number; sig: string; type?: string }, now?: Date): 'ok' | 'expired' | 'bad';
};

const META = '.type';

/** A folder as object storage. The content type is kept next to the bytes (`<key>.type`) so reads answer it. */
export const localStorage = (opts: LocalStorageOptions | string): LocalStorage => {
  const { root, signing } = typeof opts === 'string' ? { root: opts, signing: undefined } : opts;
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const p = resolve(join(base, key));
    if (!p.startsWith(base + sep)) throw new Error(`storage key outside the folder: ${key}`);
    return p;
  };
  const mac = (key: string, exp: number) =>
    createHmac('sha256', signing?.secret ?? '')
      .update(`${key}\n${exp}`)
      .digest('base64url');
  const readOrNull = async <T>(read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };
  return {
    kind: 'local',
    async put(key, bytes, contentType) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, bytes);
      await writeFile(p + META, contentType);
    },
    async get(key) {
      return readOrNull(() => readFile(pathOf(key)));
    },
    async head(key) {
      const p = pathOf(key);
      const s = await readOrNull(() => stat(p));
      if (!s) return null;
      const contentType = (await readOrNull(() => readFile(p + META, 'utf8'))) ?? 'application/octet-stream';
      return { size: s.size, contentType };
    },
    async remove(key) {
      const p = pathOf(key);
      await rm(p, { force: true });
      await rm(p + META, { force: true });
    },
    async signedUrl(key, { expiresInSeconds, now = new Date() }) {
      if (!signing) throw new Error('local storage was made without signing: signedUrl is not available');
      pathOf(key);
      const exp = Math.floor(now.getTime() / 1000) + expiresInSeconds;
      return `${signing.baseUrl}/${key.split('/').map(encodeURIComponent).join('/')}?exp=${exp}&sig=${mac(key, exp)}`;
    },
    verify(key, q, now = new Date()) {
      if (!signing) return 'bad';
      const exp = Number(q.exp);
      if (!Number.isInteger(exp)) return 'bad';
      const want = Buffer.from(mac(key, exp));
      const got = Buffer.from(String(q.sig));
      if (want.length !== got.length || !timingSafeEqual(want, got)) return 'bad';
      return exp * 1000 < now.getTime() ? 'expired' : 'ok';
    },
  };
};

/**
 * Answers a signed URL of a local store: the path after `prefix` is the key. 200 with the bytes, 403 when the link is
 * bad or expired, 404 when the object is gone. For development and tests (production uses S3's presigned URLs).
 */
export const serveSignedLocalFile = async (
  storage: LocalStorage,
  prefix: string,
  url: URL,
  now = new Date(),
): Promise<{ status: 200; bytes: Buffer; contentType: string } | { status: 403 | 404 }> => {
  if (!url.pathname.startsWith(prefix + '/')) return { status: 404 };
  let key: string;
  try {
    key = url.pathname
      .slice(prefix.length + 1)
      .split('/')
      .map(decodeURIComponent)
      .join('/');
    assertSafeKey(key);
  } catch {
    return { status: 404 };
  }
  const check = storage.verify(key, { exp: url.searchParams.get('exp') ?? '', sig: url.searchParams.get('sig') ?? '' }, now);
  if (check !== 'ok') return { status: 403 };
  const [bytes, meta] = [await storage.get(key), await storage.head(key)];
  if (!bytes || !meta) return { status: 404 };
  return { status: 200, bytes, contentType: meta.contentType };
};
