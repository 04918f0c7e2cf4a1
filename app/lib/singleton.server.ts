/**
 * One value per process, shared by every bundle that imports this module.
 * The Hono server and the React Router build are bundled separately, so a
 * plain module-level `let` would exist twice; globalThis does not.
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as Record<string, unknown>;
  const key = `__spotfolio_${name}`;
  if (!(key in store)) store[key] = create();
  return store[key] as T;
}
