import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum the compiler cannot inline across packages). */
const argon2id = 2;

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's baseline.
export const hashPassword = (plain: string) => hash(plain, { algorithm: argon2id });

export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** A hash to compare against when the username does not exist, so both paths take the same time. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('decoy-password-for-timing'));
