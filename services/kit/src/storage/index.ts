// @akhada/kit/storage: object storage behind one interface (a local folder, or S3 through the AWS SDK).
// A sub-path of its own so only services that keep files load the AWS SDK.
export { assertSafeKey, type ObjectStorage } from './object-storage.ts';
export { localStorage, serveSignedLocalFile, type LocalStorage, type LocalStorageOptions } from './local-storage.ts';
export { s3Storage, type S3StorageOptions } from './s3-storage.ts';
export { StorageEnvShape, storageFromConfig, type StorageEnv } from './config.ts';
export { createLinkSigner, type LinkSigner } from './link-signer.ts';
