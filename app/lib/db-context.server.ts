/**
 * The database of a request, handed to every loader, action and middleware
 * through React Router's context: server/app.ts sets it for each request,
 * tests set their own. Modules never look it up; they take `db` as a parameter.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getDb, type Database } from "./db.server";

const key = "__spotfolio_dbContext";
const store = globalThis as unknown as Record<string, ReturnType<typeof createContext<Database>>>;
// Shared through globalThis: the server entry and the React Router build are
// separate bundles and must agree on the same context key object.
export const dbContext = (store[key] ??= createContext<Database>());

function hasDatabase(context: Readonly<RouterContextProvider>): boolean {
  try {
    context.get(dbContext);
    return true;
  } catch {
    return false;
  }
}

/**
 * `react-router dev` serves pages without server/app.ts and so without its
 * load context: there (and only there) the root opens the process-wide
 * database itself. A production build or a test without a database fails loudly.
 */
export const devDatabaseMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (import.meta.env.MODE === "development" && !hasDatabase(context)) context.set(dbContext, await getDb());
  return next();
};
