import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import { ErrorPage } from "~/components/error-page";
import { BackOfficeBar } from "~/components/layout/back-office-bar";
import { useRootData } from "~/components/layout/use-root-data";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-layout";

/**
 * The back office's frame: the bar and the admin navigation. Its loader guards the frame only:
 * React Router runs a child's loader and action apart from this one, so every admin route calls
 * `requireAdmin` itself.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { admin: true };
}

function Frame({ children, nav }: { children: React.ReactNode; nav: boolean }) {
  const root = useRootData();
  return (
    <>
      <BackOfficeBar productName={root?.config.productName ?? "Spotfolio"} section="Admin" />
      {nav ? <AdminNav /> : null}
      {children}
    </>
  );
}

export default function AdminLayout() {
  return (
    <Frame nav>
      <Outlet />
    </Frame>
  );
}

/** A failing admin page keeps the bar, and for admins the navigation (a 403 or a login redirect never reaches it). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/admin-layout");
  const root = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && typeof console !== "undefined") console.error(error);
  return (
    <Frame nav={Boolean(layout?.admin)}>
      <ErrorPage status={status} infoEmail={root?.config.infoEmail ?? "info@spotfolio.app"} />
    </Frame>
  );
}
