import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used: it diffs server/db/schema.ts against the committed
// snapshots and needs no database. Migrations are applied by the server itself.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './migrations',
  casing: 'snake_case',
});
