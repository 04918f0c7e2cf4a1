/**
 * Setup file of the integration project (runs in every test file): the
 * database a file got from `getTestDb()` is closed (and on PostgreSQL
 * dropped) when the file is done.
 */
import { afterAll } from "vitest";
import { closeTestDb } from "./database";

afterAll(async () => {
  await closeTestDb();
});
