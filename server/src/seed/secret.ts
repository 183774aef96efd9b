import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import { serverState } from '../schema/index.ts';

/** The token signing secret: JWT_SECRET, or one generated at first start and kept in the database. */
export async function signingSecret(db: Db, config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  await db
    .insert(serverState)
    .values({ name: 'jwtSecret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverState).where(eq(serverState.name, 'jwtSecret'));
  return row!.value;
}
