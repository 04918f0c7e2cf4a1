/**
 * The page a same-site URL shows. A client-side navigation loads its data
 * from `/atlas.data?_routes=…`; when a loader seen that way sends the visitor
 * to log in, the way back must be the page, because a browser that opens the
 * data URL itself gets a 500. Mirrors React Router's own normalisation of
 * data requests (`/_.data` is a path ending in a slash, `/.data` the others).
 * String operations only: re-parsing the path as a URL would resolve tabs and
 * backslashes that the safe-redirect check has already judged.
 */
export function pageUrl(to: string): string {
  const hashAt = to.indexOf("#");
  const beforeHash = hashAt < 0 ? to : to.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  if (!path.endsWith(".data")) return to;
  const params = new URLSearchParams(queryAt < 0 ? "" : beforeHash.slice(queryAt + 1));
  params.delete("_routes");
  const page = path.endsWith("/_.data") ? path.slice(0, -"_.data".length) : path.slice(0, -".data".length);
  return `${page}${params.size ? `?${params}` : ""}${hashAt < 0 ? "" : to.slice(hashAt)}`;
}
