import { href, isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { useRootData } from "~/components/layout/use-root-data";
import { ApplicationPending } from "~/components/studio/application-pending";
import { StudioShell } from "~/components/studio/studio-shell";
import { ButtonLink } from "~/components/ui/button";
import { ANONYMOUS } from "~/modules/auth/viewer";
import type { Route } from "./+types/studio-layout";
import { requireCreatorOrApplicant } from "./studio-applicant.server";

/**
 * The Studio's frame. Its loader guards the frame only: React Router runs a
 * child's loader and action apart from this one, so every Studio route calls
 * `requireStudioCreator` (or `requireCreatorOrApplicant` on /studio) itself.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await requireCreatorOrApplicant(request, context);
  // An applicant under review sees the frame without navigation: their pages say where the application stands.
  if (visitor.kind === "applicant") return { hasHandle: false, appliedAt: visitor.appliedAt };
  return { hasHandle: Boolean(visitor.creator.profile.handle) };
}

function Frame({ children, showNav }: { children: React.ReactNode; showNav: boolean }) {
  const root = useRootData();
  return (
    <StudioShell
      productName={root?.config.productName ?? "Spotfolio"}
      infoEmail={root?.config.infoEmail ?? "info@spotfolio.app"}
      viewer={root?.viewer ?? ANONYMOUS}
      showNav={showNav}
    >
      {children}
    </StudioShell>
  );
}

export default function StudioLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame showNav={loaderData.hasHandle}>
      <Outlet />
    </Frame>
  );
}

/** A Studio page that fails (a map that is not yours, a 403) keeps the Studio's bar and, for creators, its navigation. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/studio/studio-layout");
  const root = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && typeof console !== "undefined") console.error(error);
  // An applicant under review opening any Studio page learns where the application stands.
  if (status === 403 && layout?.appliedAt) {
    return (
      <Frame showNav={false}>
        <ApplicationPending appliedAt={layout.appliedAt} />
      </Frame>
    );
  }
  return (
    <Frame showNav={layout?.hasHandle ?? false}>
      <ErrorPage status={status} infoEmail={root?.config.infoEmail ?? "info@spotfolio.app"} />
      {layout?.hasHandle ? (
        // Inside the Studio, the way back is the Studio (the error page's own tips lead to the site).
        <div className="mx-auto -mt-8 max-w-2xl px-4 pb-16">
          <ButtonLink to={href("/studio")} variant="secondary" data-testid="back-to-studio">
            Back to the Studio
          </ButtonLink>
        </div>
      ) : null}
    </Frame>
  );
}
