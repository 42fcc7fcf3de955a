import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum: 19 MiB memory, 2 iterations, 1 lane. */
// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// Verified against when the email is unknown, so both answers take the same time.
let dummy: Promise<string> | undefined;

export const verifyPassword = async (storedHash: string | undefined, password: string): Promise<boolean> => {
  if (!storedHash) {
    dummy ??= hashPassword('not-a-real-password-0');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
};
