import { data } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { clientIp } from "~/modules/auth/session.server";
import { APPLICATION_MESSAGES, creatorTermsSchema } from "~/modules/creators/application-rules";
import { acceptCreatorTerms } from "~/modules/creators/applications.server";
import type { Route } from "./+types/creator-terms";
import { requestUserId } from "./creator-api.server";

const MAX_BODY_BYTES = 4 * 1024;

async function readBody(request: Request): Promise<unknown> {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (contentType.startsWith("application/json")) return request.json().catch(() => null);
  const form = await request.formData().catch(() => null);
  return form ? Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) : null;
}

/**
 * POST /api/creator-terms: accept the Creator Terms, the Copyright Policy and
 * the Creator Compensation terms (JSON or form: termsAccepted,
 * copyrightAccepted, compensationAccepted). Recorded with the request's
 * client IP, and the profile becomes onboarded, together. `{ ok: true }` or a
 * 4xx `{ error }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const userId = await requestUserId(request, context);
  if (!userId) return data({ error: APPLICATION_MESSAGES.NO_AUTH }, { status: 401 });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return data({ error: "The request is too large" }, { status: 413 });
  const parsed = creatorTermsSchema.safeParse(await readBody(request));
  if (!parsed.success) return data({ error: APPLICATION_MESSAGES.TERMS_REQUIRED }, { status: 400 });
  const result = await acceptCreatorTerms(context.get(dbContext), { userId, ip: clientIp(context), accepted: parsed.data });
  return result.ok ? data({ ok: true as const }) : data({ error: result.error }, { status: result.status });
}
