/**
 * Where a service keeps bytes (chat attachments, profile pictures). Development and tests: a local folder (under .data/)
 * or the S3 stand-in; production: an S3-compatible store. Keys are made by the service (`<org>/<…>/<id>`), never by a
 * user; each service keeps its objects under its own prefix.
 */
export interface ObjectStorage {
  /** Which implementation: for logs and the readiness line. */
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** Size and type without the bytes, or null when there is no such object. */
  head(key: string): Promise<{ size: number; contentType: string } | null>;
  /** Removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /**
   * A URL that reads the object without credentials until it expires (S3: a presigned GET; local: an HMAC-signed path
   * served by `serveSignedLocalFile`). Throws when the store was made without a way to sign.
   */
  signedUrl(key: string, opts: { expiresInSeconds: number; now?: Date }): Promise<string>;
}

/** A key that could leave its folder or prefix (`..`, absolute, empty parts, control characters) is refused. */
export const assertSafeKey = (key: string): void => {
  const bad =
    key.length === 0 ||
    key.length > 512 ||
    key.startsWith('/') ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..') ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\\]/.test(key);
  if (bad) throw new Error(`storage key not allowed: ${JSON.stringify(key)}`);
};
