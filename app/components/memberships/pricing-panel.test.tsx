import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ANONYMOUS } from "~/modules/auth/viewer";
import type { Plans } from "~/modules/memberships/plans";
import PricingPanel from "./pricing-panel";

/** Server-renders `element` under a root route whose data is `rootData` (as the app's root loader gives it). */
async function render(element: React.ReactNode, rootData: unknown) {
  const handler = createStaticHandler([{ id: "root", path: "/", loader: () => rootData, Component: () => element }]);
  const context = await handler.query(new Request("http://spotfolio.test/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const price = (amountCents: number) => ({ priceId: `price_${amountCents}`, amountCents });
const plans: Plans = { premium: { month: price(500), year: price(4800) }, supporter: { month: price(1000), year: price(9600) } };
const rootData = { config: { plans, payments: { provider: "local", stripePublishableKey: null } }, viewer: ANONYMOUS };

describe("PricingPanel", () => {
  it("promises on the Premium card only what spots have today: no photos", async () => {
    const html = await render(<PricingPanel creator={null} initialInterval="month" />, rootData);
    const premium = html.match(/<section[^>]*data-testid="plan-premium"[^>]*>[\s\S]*?<\/section>/)?.[0] ?? "";
    expect(premium).toContain("Every Premium spot on every map");
    expect(premium).toContain("directions");
    expect(premium.toLowerCase()).not.toContain("photo");
  });
});
