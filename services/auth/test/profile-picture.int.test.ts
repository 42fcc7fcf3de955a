import { authRoutes, profilePictureRoutes, type EventEnvelope } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuth } from './setup.ts';

let auth: Awaited<ReturnType<typeof startAuth>>;
const password = 'correct horse battery';
const uniq = randomUUID().slice(0, 8);
let n = 0;

beforeAll(async () => {
  auth = await startAuth();
});
afterAll(async () => auth?.close());

const headers = (token?: string) => ({ ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-forwarded-for': `10.41.${n % 200}.1` });
const json = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token?: string) =>
  auth.app.inject({ method, url, ...(payload ? { payload } : {}), headers: headers(token) });

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
const upload = (token: string | undefined, bytes: Buffer, { fileName = 'me.jpg', type = 'image/jpeg', field = 'file' } = {}) => {
  const boundary = `----akhada${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return auth.app.inject({
    method: 'POST',
    url: '/settings/profile/picture',
    payload,
    headers: { ...headers(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
};

const newGym = async (label: string) => {
  n++;
  const email = `${label}-${n}-${uniq}@example.in`;
  const reg = await json('POST', '/auth/register', {
    firstName: 'Asha',
    lastName: 'Verma',
    email,
    phone: '+91 98765 43210',
    password,
    role: 'admin',
    gymName: 'Iron Temple',
    city: 'Pune',
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const res = await json('POST', '/auth/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  const { token, user } = authRoutes.login.responses[200].parse(res.json()).data;
  return { token, user };
};
const me = async (token: string) => authRoutes.me.responses[200].parse((await json('GET', '/auth/me', undefined, token)).json()).data.user;
const avatarEvents = async (userId: string) =>
  (await auth.runtime.dbh.db.selectFrom('outbox').select(['payload', 'id']).where('key', '=', userId).orderBy('id').execute())
    .map((r) => r.payload as EventEnvelope<{ userId: string; avatarUrl: string | null }>)
    .filter((e) => e.type === 'auth.user_avatar_changed')
    .map((e) => e.data.avatarUrl);
/** The picture behind an avatarUrl (the gateway's /api prefix is the service's root). */
const fetchAvatar = (avatarUrl: string) => auth.app.inject({ method: 'GET', url: avatarUrl.replace(/^\/api/, '') });

const photo = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  return (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.webp()).toBuffer();
};

describe('profile picture', () => {
  it('an image is squared to 256×256 JPEG, shown in /auth/me and served with long cache headers; a new one replaces it', async () => {
    const a = await newGym('pic');
    expect((await me(a.token)).avatarUrl).toBeNull();
    const res = await upload(a.token, await photo(800, 500), { fileName: 'holiday.png', type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const { avatarUrl } = profilePictureRoutes.upload.responses[200].parse(res.json()).data;
    expect(avatarUrl).toMatch(new RegExp(`^/api/auth/avatars/${a.user._id}\\?v=[0-9a-f-]{36}$`));
    expect((await me(a.token)).avatarUrl).toBe(avatarUrl);

    const file = await fetchAvatar(avatarUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toContain('immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);

    const again = await upload(a.token, await photo(300, 900, 'webp'), { fileName: 'x.webp', type: 'image/webp' });
    expect(again.statusCode, again.body).toBe(200);
    const next = again.json().data.avatarUrl as string;
    expect(next).not.toBe(avatarUrl);
    expect((await fetchAvatar(avatarUrl!)).statusCode).toBe(404);
    expect((await fetchAvatar(next)).statusCode).toBe(200);
    // Each change is announced for the services that show people.
    expect(await avatarEvents(a.user._id)).toEqual([avatarUrl, next]);
  });

  it('a file that is not an image is refused even with a .jpg name and type; nothing changes', async () => {
    const a = await newGym('disguise');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const res = await upload(a.token, pdf, { fileName: 'selfie.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: 'Please select an image file' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(a.token, svg, { fileName: 'a.jpg' })).statusCode).toBe(415);
    // JPEG magic bytes with nothing readable behind them.
    expect((await upload(a.token, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]))).statusCode).toBe(415);
    expect((await me(a.token)).avatarUrl).toBeNull();
  });

  it('5 MB or more is refused with the spec message', async () => {
    const a = await newGym('big');
    const big = Buffer.concat([await photo(10, 10, 'jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(a.token, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'File size must be less than 5MB' });
    expect((await me(a.token)).avatarUrl).toBeNull();
  });

  it('bad uploads are 400, without a token 401', async () => {
    const a = await newGym('bad');
    expect((await upload(a.token, await photo(20, 20), { field: 'picture' })).statusCode).toBe(400);
    expect((await json('POST', '/settings/profile/picture', { file: 'x' }, a.token)).statusCode).toBe(400);
    expect((await upload(undefined, await photo(20, 20))).statusCode).toBe(401);
    expect((await auth.app.inject({ method: 'GET', url: `/auth/avatars/not-an-id?v=${randomUUID()}` })).statusCode).toBe(400);
    expect((await auth.app.inject({ method: 'GET', url: `/auth/avatars/${a.user._id}` })).statusCode).toBe(400);
  });

  it("another user — of the same gym or another — cannot change or remove mine, nor read it without the picture's address", async () => {
    const a = await newGym('mine');
    const other = await newGym('theirs');
    const up = await upload(a.token, await photo(400, 400));
    expect(up.statusCode, up.body).toBe(200);
    const mine = up.json().data.avatarUrl as string;

    // The other gym's owner uploads and removes: only their own picture changes.
    expect((await upload(other.token, await photo(64, 64))).statusCode).toBe(200);
    expect((await json('DELETE', '/settings/profile/picture', undefined, other.token)).statusCode).toBe(200);
    expect((await me(a.token)).avatarUrl).toBe(mine);
    expect((await fetchAvatar(mine)).statusCode).toBe(200);

    // Guessing: my id with another version, or another user's id with my version, finds nothing.
    const v = new URL(mine, 'http://x').searchParams.get('v')!;
    expect((await auth.app.inject({ method: 'GET', url: `/auth/avatars/${a.user._id}?v=${randomUUID()}` })).statusCode).toBe(404);
    expect((await auth.app.inject({ method: 'GET', url: `/auth/avatars/${other.user._id}?v=${v}` })).statusCode).toBe(404);

    // I remove it: the address stops working and the profile shows none.
    const del = await json('DELETE', '/settings/profile/picture', undefined, a.token);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toEqual({ avatarUrl: null });
    expect((await me(a.token)).avatarUrl).toBeNull();
    expect((await fetchAvatar(mine)).statusCode).toBe(404);
    expect(await avatarEvents(a.user._id)).toEqual([mine, null]);
    // Removing when there is none announces nothing more.
    expect((await json('DELETE', '/settings/profile/picture', undefined, a.token)).statusCode).toBe(200);
    expect(await avatarEvents(a.user._id)).toEqual([mine, null]);
  });
});
