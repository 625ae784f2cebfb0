import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
const options = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Checked when the e-mail is unknown, so a wrong address takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password-for-timing");
  await verifyPassword(await dummyHash, password);
  return false;
}
