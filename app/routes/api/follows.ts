import { data } from "react-router";
import { z } from "zod";
import { dbContext } from "~/lib/db-context.server";
import { getViewer } from "~/modules/auth/session.server";
import { setFollowing } from "~/modules/follows/follows.server";
import type { Route } from "./+types/follows";

const followSchema = z.object({ creatorId: z.string().min(1).max(100), intent: z.enum(["on", "off"]) });

/** POST /api/follows: follow or unfollow a creator (signed-in users only). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = getViewer(context);
  if (!viewer.user) return data({ ok: false, error: "Log in to follow creators" }, { status: 401 });
  const parsed = followSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false, error: "Invalid request" }, { status: 400 });
  const result = await setFollowing(context.get(dbContext), viewer.user.id, parsed.data.creatorId, parsed.data.intent === "on");
  if (!result.ok) return data({ ok: false, error: result.error }, { status: result.status });
  return data({ ok: true, following: result.following });
}
