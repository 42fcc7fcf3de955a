// One contract for object storage, run against both implementations: the local folder (its signed URLs answered by
// serveSignedLocalFile on a test server) and S3 through the AWS SDK against the S3 stand-in, which checks SigV4
// signatures and presigned expiry as S3 does.
import { localStorage, s3Storage, serveSignedLocalFile, type ObjectStorage } from '@akhada/kit/storage';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_STANDIN_DEFAULTS, startS3Standin, type S3Standin } from '@akhada/infra/standins';

/** Both servers read this clock, so a test moves time past a URL's expiry without waiting. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

interface Subject {
  storage: ObjectStorage;
  stop(): Promise<void>;
}

const localSubject = async (): Promise<Subject> => {
  const dir = await mkdtemp(join(tmpdir(), 'akhada-storage-'));
  let storage!: ReturnType<typeof localStorage>;
  const server = http.createServer((req, res) => {
    void serveSignedLocalFile(storage, '/files', new URL(req.url ?? '/', 'http://127.0.0.1'), clock()).then((r) => {
      res.writeHead(r.status, r.status === 200 ? { 'content-type': r.contentType } : {});
      res.end(r.status === 200 ? r.bytes : undefined);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  storage = localStorage({ root: dir, signing: { secret: 'contract-test-secret', baseUrl: `http://127.0.0.1:${port}/files` } });
  return {
    storage,
    stop: async () => {
      server.closeAllConnections();
      server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
};

const s3Subject = async (): Promise<Subject & { standin: S3Standin }> => {
  const standin = await startS3Standin({ port: 0, clock });
  const storage = s3Storage({
    endpoint: standin.endpoint,
    bucket: S3_STANDIN_DEFAULTS.bucket,
    region: S3_STANDIN_DEFAULTS.region,
    accessKeyId: S3_STANDIN_DEFAULTS.accessKeyId,
    secretAccessKey: S3_STANDIN_DEFAULTS.secretAccessKey,
    prefix: 'contract/',
  });
  return { storage, standin, stop: () => standin.stop() };
};

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5c8f5e70000000049454e44ae426082',
  'hex',
);

describe.each([
  ['local folder', localSubject],
  ['S3 (AWS SDK against the stand-in)', s3Subject],
])('object storage contract: %s', (_name, make) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await make();
  });
  afterAll(() => subject.stop());

  it('put, then get and head answer the bytes and their type; a missing key answers null', async () => {
    const { storage } = subject;
    await storage.put('org-1/avatars/a b+c.png', png, 'image/png');
    expect(await storage.get('org-1/avatars/a b+c.png')).toEqual(png);
    expect(await storage.head('org-1/avatars/a b+c.png')).toEqual({ size: png.length, contentType: 'image/png' });
    expect(await storage.get('org-1/avatars/missing.png')).toBeNull();
    expect(await storage.head('org-1/avatars/missing.png')).toBeNull();
  });

  it('a put replaces the object', async () => {
    const { storage } = subject;
    await storage.put('org-1/replace', Buffer.from('first'), 'text/plain');
    await storage.put('org-1/replace', Buffer.from('second'), 'text/plain');
    expect((await storage.get('org-1/replace'))?.toString()).toBe('second');
  });

  it('a signed URL reads the object without credentials before it expires, and is refused after', async () => {
    const { storage } = subject;
    await storage.put('org-1/signed/pic.png', png, 'image/png');
    offsetMs = 0;
    const url = await storage.signedUrl('org-1/signed/pic.png', { expiresInSeconds: 60 });
    const before = await fetch(url);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await before.arrayBuffer())).toEqual(png);

    const tampered = new URL(url);
    tampered.pathname = tampered.pathname.replace('pic.png', 'other.png');
    expect((await fetch(tampered)).status).toBe(403);

    offsetMs = 61_000;
    try {
      expect((await fetch(url)).status).toBe(403);
    } finally {
      offsetMs = 0;
    }
  });

  it('remove deletes the object (removing it again is no error) and its signed URL stops working', async () => {
    const { storage } = subject;
    await storage.put('org-1/gone', png, 'image/png');
    const url = await storage.signedUrl('org-1/gone', { expiresInSeconds: 60 });
    await storage.remove('org-1/gone');
    await storage.remove('org-1/gone');
    expect(await storage.get('org-1/gone')).toBeNull();
    expect((await fetch(url)).status).toBe(404);
  });

  it('a key that would leave its folder or prefix is refused', async () => {
    const { storage } = subject;
    await expect(storage.put('../escape', png, 'image/png')).rejects.toThrow(/key not allowed/);
    await expect(storage.get('org-1/../../etc/passwd')).rejects.toThrow(/key not allowed/);
    await expect(storage.put('/absolute', png, 'image/png')).rejects.toThrow(/key not allowed/);
  });
});

describe('the S3 stand-in checks signatures as S3 does', () => {
  let standin: S3Standin;
  beforeAll(async () => {
    standin = await startS3Standin({ port: 0 });
  });
  afterAll(() => standin.stop());

  it('a wrong secret key is refused with SignatureDoesNotMatch, an unknown access key with InvalidAccessKeyId', async () => {
    const base = { endpoint: standin.endpoint, bucket: S3_STANDIN_DEFAULTS.bucket, region: S3_STANDIN_DEFAULTS.region };
    const wrongSecret = s3Storage({ ...base, accessKeyId: S3_STANDIN_DEFAULTS.accessKeyId, secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.put('k', png, 'image/png')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const wrongKey = s3Storage({ ...base, accessKeyId: 'someone-else', secretAccessKey: S3_STANDIN_DEFAULTS.secretAccessKey });
    await expect(wrongKey.put('k', png, 'image/png')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(standin.size()).toBe(0);
  });

  it('an unsigned request is refused', async () => {
    expect((await fetch(`${standin.endpoint}/${S3_STANDIN_DEFAULTS.bucket}/k`)).status).toBe(403);
  });
});
