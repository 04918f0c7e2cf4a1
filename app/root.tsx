// First: before any module that builds a zod schema (see the file).
import "./lib/zod-no-eval";
import { useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  createContext,
  href,
  isRouteErrorResponse,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { Analytics } from "./components/analytics/analytics";
import { CookieBanner } from "./components/analytics/cookie-consent";
import { ErrorPage } from "./components/error-page";
import { Footer } from "./components/layout/footer";
import { AuthDialogProvider } from "./components/auth/auth-dialog";
import { Header } from "./components/layout/header";
import { LoadingBar } from "./components/layout/loading-bar";
import { backOfficeSection, isHeaderHidden } from "./components/layout/nav";
import { BackOfficeBar } from "./components/layout/back-office-bar";
import { PaymentSuccess } from "./components/memberships/payment-success";
import { PricingDialogProvider } from "./components/memberships/pricing-dialog";
import { Toaster } from "./components/ui/toaster";
import { dbContext, devDatabaseMiddleware } from "./lib/db-context.server";
import { fallbackTitle } from "./lib/page-title";
import { scrollKey } from "./lib/scroll-key";
import { publicConfig } from "./modules/site/public-config.server";
import { readConsent } from "./modules/analytics/cookies.server";
import { ANONYMOUS, type Viewer } from "./modules/auth/viewer";
import type { Basemap } from "./modules/basemap/basemap";
import { clientIp, getViewer, resolveViewer, viewerContext } from "./modules/auth/session.server";
import { analyticsMiddleware } from "./modules/analytics/middleware.server";
import { pageCacheMiddleware } from "./modules/page-cache/page-cache.server";
import { getViewAs, logViewAsPage, readViewAs, viewAsContext } from "./modules/view-as/index.server";
import { VIEW_AS_MESSAGES } from "./modules/view-as";
import { ViewAsBanner } from "./components/admin/view-as-banner";
import { getAnalytics } from "./modules/analytics/index.server";
import { requestScope } from "./modules/memberships/confirmation.server";
import { stripeFromEnv } from "./modules/memberships/providers/stripe-client.server";
import { recordStripeReturn } from "./modules/memberships/stripe-return.server";
import { hit } from "./modules/rate-limit/rate-limit.server";
import { limitWrite } from "./modules/rate-limit/auth-limits.server";
import { env } from "./lib/env.server";
import { retryAfter } from "./lib/http-errors";
import { reloadIfStale, watchForNewBuilds } from "./lib/stale-build.client";

/**
 * A page opened on the way back from a Stripe checkout first records what
 * Stripe says about it: after the analytics state (the buyer's last-click
 * creator is credited), before the viewer (who then has the membership).
 */
const stripeReturnMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  const stripe = request.method === "GET" && sessionId && url.searchParams.get("payment") === "success" ? stripeFromEnv() : null;
  // Each return costs a call to Stripe: a handful per visitor and minute is plenty.
  if (stripe && sessionId && (await hit(`stripe-return:${clientIp(context)}`, { limit: 20, windowMs: 60_000 })).allowed) {
    const db = context.get(dbContext);
    await recordStripeReturn(db, stripe, sessionId, requestScope(db, request, context));
  }
  return next();
};

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What an admin viewing the site as someone else may still post: stopping it, and signing out. */
const WRITES_WHILE_VIEWING_AS = new Set([href("/admin/view-as"), href("/sign-out"), "/api/auth/sign-out"]);

/**
 * An admin's "view as" (modules/view-as): public pages get the stand-in viewer; the Studio and the
 * back office keep the admin. Every write but stopping it is refused, no view is counted, and each
 * page (a document or a navigation's data) is in the audit log.
 */
async function viewAsMiddleware(request: Request, context: Parameters<Route.MiddlewareFunction>[0]["context"], viewer: Viewer) {
  const db = context.get(dbContext);
  const viewAs = await readViewAs(db, request, viewer);
  if (!viewAs) return;
  const url = new URL(request.url);
  context.set(viewAsContext, viewAs.state);
  getAnalytics(context).isVisit = false;
  if (!READ_METHODS.has(request.method) && !WRITES_WHILE_VIEWING_AS.has(url.pathname))
    throw new Response(VIEW_AS_MESSAGES.readOnly, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const page = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  if (backOfficeSection(page)) return;
  context.set(viewerContext, viewAs.viewer);
  const isPage = url.pathname.endsWith(".data") || (request.headers.get("accept") ?? "").includes("text/html");
  if (request.method === "GET" && isPage) await logViewAsPage(db, { userId: viewer.user!.id, ip: clientIp(context) }, viewAs.state, page + url.search);
}

/** A refused write's Retry-After, for the answer React Router renders from the thrown 429 (see retryAfterMiddleware). */
const refusedRetryAfter = createContext<string | null>(null);

/**
 * Every write is counted, per signed-in user (else per IP), against a limit with room for the
 * Studio's autosave: a scripted flood of edits gets a 429 that says when to try again. Analytics
 * events have their own limit, and Stripe's webhook is Stripe.
 */
const writeLimitMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  if (READ_METHODS.has(request.method)) return next();
  const path = new URL(request.url).pathname;
  if (path === href("/api/events") || path === href("/api/webhooks/stripe")) return next();
  const userId = getViewer(context).user?.id;
  const config = env();
  const limit = await limitWrite({ userId, ip: clientIp(context) }, userId ? config.RATE_LIMIT_WRITES_PER_USER : config.RATE_LIMIT_WRITES_PER_IP);
  if (!limit.allowed) {
    const headers = retryAfter(limit);
    context.set(refusedRetryAfter, headers["Retry-After"] ?? null);
    throw new Response(limit.message, { status: 429, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return next();
};

/**
 * A 429 thrown by a middleware reaches a page (its document or its .data) as an error rendered by
 * React Router, which keeps none of the thrown response's headers: the write limit leaves its
 * Retry-After here, and the middleware before it puts it on whatever React Router answered.
 */
const retryAfterMiddleware: Route.MiddlewareFunction = async ({ context }, next) => {
  const response = (await next()) as Response;
  const value = context.get(refusedRetryAfter);
  if (value && response.status === 429 && !response.headers.has("Retry-After")) response.headers.set("Retry-After", value);
  return response;
};

/** Who is asking, resolved once per request for every loader and action. */
export const middleware: Route.MiddlewareFunction[] = [
  devDatabaseMiddleware,
  analyticsMiddleware,
  stripeReturnMiddleware,
  async ({ request, context }, next) => {
    const { viewer, setCookies } = await resolveViewer(request, context);
    context.set(viewerContext, viewer);
    await viewAsMiddleware(request, context, viewer);
    const response = (await next()) as Response;
    // A rolling session refresh (or clearing a dead cookie) rides on any response.
    for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
    return response;
  },
  retryAfterMiddleware,
  writeLimitMiddleware,
  // Last: it needs the viewer and the analytics state, and a copy it serves still gets their cookies.
  pageCacheMiddleware,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { config: publicConfig(), viewer: getViewer(context), viewAs: getViewAs(context), consent: await readConsent(request.headers.get("cookie")) };
}

// Never refetch the root data on plain navigations; actions revalidate it.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

/** Before each client navigation, make sure this page still runs the deployed build. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    const url = new URL(request.url);
    if (request.method === "GET" && (await reloadIfStale(url.pathname + url.search + url.hash))) {
      // The document is being replaced; never let the old build render the route.
      await new Promise(() => {});
    }
    await next();
  },
];

export const meta: Route.MetaFunction = ({ location, loaderData }) => [
  { title: fallbackTitle(location.pathname, loaderData?.config.productName ?? "Spotfolio") },
];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** A route opts out of the header and footer with `handle: { layout: "blank" }`. */
export interface RouteHandle {
  layout?: "default" | "blank";
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#157f5d" />
        {/* With a precedence React writes it ahead of the scripts' modulepreloads it lifts into the head: the one
            render-blocking file is asked for first, not behind a dozen scripts on six HTTP/1.1 connections.
            (Empty under Vitest, which imports CSS as an empty string: nothing to link there.) */}
        {stylesheet ? <link rel="stylesheet" href={stylesheet} precedence="default" /> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans">
        {children}
        <ScrollRestoration getKey={scrollKey} />
        <Scripts />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const matches = useMatches();
  const blank = matches.some((m) => (m.handle as RouteHandle | undefined)?.layout === "blank");
  const config = data?.config ?? {
    productName: "Spotfolio",
    infoEmail: "info@spotfolio.app",
    helpUrl: "/",
    buildCheckIntervalMs: 300_000,
    socialProviders: [],
    basemap: { kind: "offline" } as Basemap,
    plans: null,
  };
  const viewer = data?.viewer ?? ANONYMOUS;

  useEffect(() => watchForNewBuilds(config.buildCheckIntervalMs), [config.buildCheckIntervalMs]);
  // Marks the page interactive (hydrated): browser tests wait for it before clicking.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <AuthDialogProvider productName={config.productName} socialProviders={config.socialProviders}>
      <PricingDialogProvider>
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
          Skip to content
        </a>
        <LoadingBar />
        {data?.viewAs ? <ViewAsBanner state={data.viewAs} /> : null}
        {blank || isHeaderHidden(pathname) ? null : <Header productName={config.productName} infoEmail={config.infoEmail} viewer={viewer} />}
        <div id="main">{children}</div>
        {blank ? null : <Footer productName={config.productName} infoEmail={config.infoEmail} helpUrl={config.helpUrl} />}
        {blank ? null : <CookieBanner consent={data?.consent ?? null} productName={config.productName} />}
        <PaymentSuccess />
        <Toaster />
        <Analytics />
      </PricingDialogProvider>
    </AuthDialogProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

// The server's own words for a request it refused as malformed (server/bad-request.ts, body limits).
function refusalReason(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || ![400, 413, 415].includes(error.status)) return undefined;
  return typeof error.data === "string" && error.data.length > 0 && error.data.length < 300 ? error.data : undefined;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && typeof console !== "undefined") console.error(error);
  // The studio and the back office hide the site header: their error pages keep the area's own bar.
  const section = backOfficeSection(useLocation().pathname);
  return (
    <Shell>
      {section ? <BackOfficeBar productName={data?.config.productName ?? "Spotfolio"} section={section} /> : null}
      <ErrorPage status={status} infoEmail={data?.config.infoEmail ?? "info@spotfolio.app"} reason={refusalReason(error)} />
    </Shell>
  );
}
