import { data, href, redirect } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { APPLICATION_MESSAGES } from "~/modules/creators/application-rules";
import { withdrawApplication } from "~/modules/creators/applications.server";
import type { Route } from "./+types/creator-application-withdraw";
import { requestUserId } from "./creator-api.server";

/**
 * POST /api/creator-application/withdraw: withdraw the pending application.
 * `{ application }` or a 4xx `{ error }`; a plain form post (no JavaScript)
 * goes back to `redirectTo` (default /account) instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const userId = await requestUserId(request, context);
  if (!userId) return data({ error: APPLICATION_MESSAGES.NO_AUTH }, { status: 401 });
  const result = await withdrawApplication(context.get(dbContext), userId);
  const contentType = request.headers.get("content-type") ?? "";
  const isDocumentForm = (request.headers.get("accept") ?? "").includes("text/html") && contentType.includes("form");
  if (isDocumentForm) {
    const form = await request.formData().catch(() => null);
    return redirect(safeRedirect(form?.get("redirectTo"), href("/account")), 303);
  }
  return result.ok ? data({ application: result.application }) : data({ error: result.error }, { status: result.status });
}
