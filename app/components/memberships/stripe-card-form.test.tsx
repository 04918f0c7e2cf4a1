import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ANONYMOUS } from "~/modules/auth/viewer";
import { StripeCardForm, usePaymentProvider } from "./stripe-card-form";

/** Server-renders `element` under a root route whose data is `rootData` (as the app's root loader gives it). */
async function render(element: React.ReactNode, rootData: unknown) {
  const handler = createStaticHandler([{ id: "root", path: "/", loader: () => rootData, Component: () => element }]);
  const context = await handler.query(new Request("http://spotfolio.test/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const stripeConfig = { config: { payments: { provider: "stripe", stripePublishableKey: "pk_test_1" } }, viewer: ANONYMOUS };

describe("StripeCardForm", () => {
  it("first renders the loading state with the anonymous buyer's email field, the login link and a disabled pay button; Stripe.js is not in the page", async () => {
    const html = await render(<StripeCardForm clientSecret="cs_test_1_secret_2" anonymous onLogin={() => {}} />, stripeConfig);
    expect(html).toContain("Loading checkout");
    expect(html).toContain("Create an account");
    expect(html).toContain("Already registered? Click here to login");
    // The privacy policy, as sign-up asks for it (issue 28, item 14).
    expect(html).toContain("I have read and accept the");
    expect(html).toContain('href="/info/privacy-policy"');
    // The pay button, whatever order its attributes are rendered in: a disabled submit button.
    const payButton = html.match(/<button[^>]*>Pay &amp; Subscribe<\/button>/)?.[0] ?? "";
    expect(payButton).toMatch(/ type="submit"/);
    expect(payButton).toMatch(/ disabled=""/);
    expect(html).not.toContain("js.stripe.com");
    expect(html).not.toContain("Test mode");
  });

  it("asks a signed-in buyer for no email", async () => {
    const html = await render(<StripeCardForm clientSecret="cs_test_1_secret_2" anonymous={false} onLogin={() => {}} />, stripeConfig);
    expect(html).not.toContain("Create an account");
    expect(html).not.toContain("I have read and accept the");
  });
});

describe("usePaymentProvider", () => {
  function Probe() {
    const payments = usePaymentProvider();
    return <p>{`${payments.provider}:${payments.stripePublishableKey ?? "none"}`}</p>;
  }

  it("reads the provider and publishable key from the root's public configuration, local when absent", async () => {
    expect(await render(<Probe />, stripeConfig)).toContain("stripe:pk_test_1");
    expect(await render(<Probe />, { config: {} })).toContain("local:none");
  });
});
