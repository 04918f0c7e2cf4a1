import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { useRootData } from "~/components/layout/use-root-data";
import { StudioShell } from "~/components/studio/studio-shell";
import { ANONYMOUS } from "~/modules/auth/viewer";
import { requireCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-layout";

/**
 * The Studio's frame. Its loader guards the frame only: React Router runs a
 * child's loader and action apart from this one, so every Studio route calls
 * `requireStudioCreator` (or `requireCreator` on /studio) itself.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireCreator(request, context);
  return { hasHandle: Boolean(viewer.profile.handle) };
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
  return (
    <Frame showNav={layout?.hasHandle ?? false}>
      <ErrorPage status={status} infoEmail={root?.config.infoEmail ?? "info@spotfolio.app"} />
    </Frame>
  );
}
