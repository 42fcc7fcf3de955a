import { hash, verify } from '@node-rs/argon2';

/** How passwords are stored and checked. Use cases take it as a dependency; main.ts gives them argon2id. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** false for a wrong password, a broken hash, or no hash at all (an unknown account: same time as a real check). */
  verify(storedHash: string | null | undefined, password: string): Promise<boolean>;
}

/** argon2id with OWASP's minimum: 19 MiB memory, 2 iterations, 1 lane. */
// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const createArgon2Hasher = (): PasswordHasher => {
  // Verified against when the email is unknown, so both answers take the same time.
  let dummy: Promise<string> | undefined;
  const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);
  return {
    hash: hashPassword,
    async verify(storedHash, password) {
      if (!storedHash) {
        dummy ??= hashPassword('not-a-real-password-0');
        await verify(await dummy, password).catch(() => false);
        return false;
      }
      return verify(storedHash, password).catch(() => false);
    },
  };
};
