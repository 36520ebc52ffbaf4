import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins, sessions, type Admin } from '../../db/schema';

export function createAdminRepository(db: Database) {
  // Read on every admin request (requireAdmin): prepared once per connection.
  const adminById = db
    .select()
    .from(admins)
    .where(eq(admins.id, sql.placeholder('id')))
    .prepare('admin_by_id');
  return {
    async findByEmail(email: string): Promise<Admin | undefined> {
      const [admin] = await db.select().from(admins).where(eq(admins.email, email));
      return admin;
    },
    async findById(id: string): Promise<Admin | undefined> {
      const [admin] = await adminById.execute({ id });
      return admin;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(admins);
      return row?.value ?? 0;
    },
    /** Inserts the admin; undefined when the e-mail is taken. */
    async insert(values: typeof admins.$inferInsert): Promise<Admin | undefined> {
      const [admin] = await db.insert(admins).values(values).onConflictDoNothing().returning();
      return admin;
    },
    /** Sets the new hash and ends the admin's other sessions, together. */
    async changePassword(id: string, passwordHash: string, keepSessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(admins).set({ passwordHash }).where(eq(admins.id, id));
        await tx
          .delete(sessions)
          .where(and(sql`${sessions.sess}->>'adminId' = ${id}`, ne(sessions.sid, keepSessionId)));
      });
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
