/**
 * Opening the Studio before being a creator: someone whose application is under review is told
 * so, with the day they sent it, instead of a bare 403; anyone else who is not a creator still
 * gets the 403 page.
 */
import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import type { SignedIn } from "~/modules/auth/session.server";
import { currentApplication } from "~/modules/creators/applications.server";
import { requireCreator, requireUser } from "~/routes/guards.server";

export type StudioVisitor = { kind: "creator"; creator: SignedIn } | { kind: "applicant"; appliedAt: string };

/** A creator, or an applicant under review (`appliedAt`, ISO); others log in first or get the 403 page. */
export async function requireCreatorOrApplicant(request: Request, context: Readonly<RouterContextProvider>): Promise<StudioVisitor> {
  const viewer = requireUser(request, context);
  if (!viewer.profile.isCreator) {
    const application = await currentApplication(context.get(dbContext), viewer.user.id);
    if (application?.status === "pending") return { kind: "applicant", appliedAt: application.createdAt };
  }
  return { kind: "creator", creator: requireCreator(request, context) };
}
