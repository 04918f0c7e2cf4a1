import { data } from "react-router";
import { z } from "zod";
import { dbContext } from "~/lib/db-context.server";
import { setMapBookmark, setSpotBookmark } from "~/modules/atlas/bookmarks.server";
import { getViewer } from "~/modules/auth/session.server";
import { entitlementsOf } from "~/modules/gate";
import type { Route } from "./+types/bookmarks";

const bookmarkSchema = z.object({ kind: z.enum(["map", "spot"]), id: z.uuid(), intent: z.enum(["on", "off"]) });

/** POST /api/bookmarks: save or unsave a map or a spot (signed-in users only). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = entitlementsOf(getViewer(context));
  if (!viewer.userId) return data({ ok: false, error: "Log in to save maps and spots" }, { status: 401 });
  const parsed = bookmarkSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false, error: "Invalid request" }, { status: 400 });
  const { kind, id, intent } = parsed.data;
  const user = { ...viewer, userId: viewer.userId };
  const db = context.get(dbContext);
  const result = kind === "map" ? await setMapBookmark(db, user, id, intent === "on") : await setSpotBookmark(db, user, id, intent === "on");
  if (!result.ok) return data({ ok: false, error: result.error }, { status: result.status });
  return data({ ok: true, saved: result.saved });
}
