import { redirect } from "react-router";
import { legacyRedirect } from "~/lib/legacy-redirects";
import { notFound } from "~/lib/http-errors";
import type { Route } from "./+types/redirects";

/** Legacy paths answer with a redirect (permanent unless the target is provisional), keeping the query string. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = legacyRedirect(url.pathname);
  if (!target) notFound(request);
  return redirect(target.to + url.search, target.permanent ? 301 : 302);
}
