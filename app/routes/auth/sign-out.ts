import { href, redirect } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { signOut } from "~/modules/auth/flows.server";
import type { Route } from "./+types/sign-out";

/** POST /sign-out: end the session and go home (spec section 4). */
export async function action({ request, context }: Route.ActionArgs) {
  const setCookies = await signOut(context.get(dbContext), request, context);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  throw redirect(href("/"), { headers });
}

/** A GET (a typed URL, a prefetch) never signs anyone out. */
export function loader() {
  throw redirect(href("/"));
}
