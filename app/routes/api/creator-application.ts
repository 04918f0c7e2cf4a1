import { data } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { siteUrl } from "~/lib/site-url.server";
import { APPLICATION_MESSAGES, MAX_APPLICATION_BYTES } from "~/modules/creators/application-rules";
import { currentApplication, submitApplication, withdrawApplication } from "~/modules/creators/applications.server";
import type { Route } from "./+types/creator-application";
import { readLimitedForm, requestUserId } from "./creator-api.server";

/** Room for the multipart framing and the link around a file of the largest size. */
const BODY_LIMIT = MAX_APPLICATION_BYTES + 64 * 1024;

const error = (status: number, message: string) => data({ error: message }, { status });

/** GET /api/creator-application: the signed-in user's latest application, or null. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requestUserId(request, context);
  if (!userId) return error(401, APPLICATION_MESSAGES.NO_AUTH);
  return data({ application: await currentApplication(context.get(dbContext), userId) });
}

/**
 * POST /api/creator-application (spec section 7): multipart `file` (a PDF)
 * and/or `url` (a shared Google Maps list link), by the session cookie or a
 * bearer token. 201 `{ application }`, or a 4xx `{ error }` and nothing
 * written. DELETE withdraws the pending application.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const userId = await requestUserId(request, context);
  if (!userId) return error(401, APPLICATION_MESSAGES.NO_AUTH);
  const db = context.get(dbContext);

  if (request.method === "DELETE") {
    const result = await withdrawApplication(db, userId);
    return result.ok ? data({ application: result.application }) : error(result.status, result.error);
  }
  if (request.method !== "POST") return error(405, "Method not allowed");

  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!contentType.startsWith("multipart/form-data") && !contentType.startsWith("application/x-www-form-urlencoded")) {
    return error(415, "Send the application as multipart form data with a file and/or a url");
  }
  const body = await readLimitedForm(request, BODY_LIMIT);
  if (!body.ok) return body.status === 413 ? error(413, APPLICATION_MESSAGES.FILE_TOO_LARGE) : error(400, "The form data could not be read");

  const file = body.form.get("file");
  const url = body.form.get("url");
  if (url !== null && typeof url !== "string") return error(400, APPLICATION_MESSAGES.BAD_LINK);
  // An untouched file input posts an empty, nameless file: no file at all.
  const chosen = file instanceof File && (file.size > 0 || file.name !== "") ? file : null;
  if (typeof file === "string" && file !== "") return error(415, APPLICATION_MESSAGES.NOT_A_PDF);

  const result = await submitApplication(db, {
    userId,
    file: chosen ? { bytes: new Uint8Array(await chosen.arrayBuffer()) } : undefined,
    url: url ?? undefined,
    siteUrl: siteUrl(request),
  });
  return result.ok ? data({ application: result.application }, { status: 201 }) : error(result.status, result.error);
}
