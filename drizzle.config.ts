import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema (`npm run db:generate`) and
// committed; they run at startup and in tests (app/lib/db.server.ts).
// Column names are spelled out in the schema, so `casing` only matters for
// columns someone adds without a name: snake_case, as everywhere else.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/all.ts",
  out: "./db/migrations",
  casing: "snake_case",
  strict: true,
  verbose: true,
});
