import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';

/** Active staff members (in a shown role), by name: the book's columns and the owners a lead may have. At most 1000. */
export const bookStaff = (db: DbOrTx) =>
  rawRows<{ id: number; username: string; firstName: string; lastName: string }>(
    db,
    sql`select u.id, u.username, u.first_name as "firstName", u.last_name as "lastName"
        from users u join role r on r.id = u.role_id
        where u.status and r.status order by u.first_name, u.last_name, u.id limit 1000`,
  );
