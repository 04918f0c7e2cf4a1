import type { Stripe } from "@stripe/stripe-js";
import { describe, expect, it, vi } from "vitest";
import { createStripeLoader, INVALID_LOAD_PARAMETERS, LOAD_PARAMETERS_LOCKED, validateLoadParameters, type StripeJsModule } from "./stripe-loader";

/** A stand-in for @stripe/stripe-js/pure that records what it was asked. */
function fakeStripeJs() {
  const instance = { elements: vi.fn() } as unknown as Stripe;
  const loadStripe = Object.assign(
    vi.fn(async (_key: string) => instance),
    { setLoadParameters: vi.fn() },
  );
  const importer = vi.fn(async (): Promise<StripeJsModule> => ({ loadStripe }));
  return { instance, loadStripe, importer };
}

describe("Stripe.js load parameters", () => {
  it("accept exactly one boolean advancedFraudSignals", () => {
    expect(validateLoadParameters({ advancedFraudSignals: false })).toEqual({ advancedFraudSignals: false });
    expect(validateLoadParameters({ advancedFraudSignals: true })).toEqual({ advancedFraudSignals: true });
  });

  it.each([
    null,
    undefined,
    true,
    "x",
    [],
    {},
    { advancedFraudSignals: "true" },
    { advancedFraudSignals: 1 },
    { advancedFraudSignals: true, extra: 1 },
    { other: true },
  ])("refuse %j with the product's message", (params) => {
    expect(() => validateLoadParameters(params)).toThrow(new Error(INVALID_LOAD_PARAMETERS));
  });

  it("use the spec's exact wording", () => {
    expect(INVALID_LOAD_PARAMETERS).toBe("invalid load parameters; expected object of shape {advancedFraudSignals: boolean}");
    expect(LOAD_PARAMETERS_LOCKED).toBe("You cannot change load parameters after calling loadStripe");
  });

  it("cannot change once loading has started; the same value again is accepted", async () => {
    const stripeJs = fakeStripeJs();
    const loader = createStripeLoader(stripeJs.importer);
    loader.setLoadParameters({ advancedFraudSignals: false });
    loader.setLoadParameters({ advancedFraudSignals: true });
    await loader.loadStripe("pk_test_1");
    expect(stripeJs.loadStripe.setLoadParameters).toHaveBeenCalledWith({ advancedFraudSignals: true });
    expect(() => loader.setLoadParameters({ advancedFraudSignals: false })).toThrow(new Error(LOAD_PARAMETERS_LOCKED));
    expect(() => loader.setLoadParameters({ advancedFraudSignals: true })).not.toThrow();
    expect(() => loader.setLoadParameters({ nope: 1 })).toThrow(new Error(INVALID_LOAD_PARAMETERS));
  });

  it("refuses parameters after loading when none were set before", async () => {
    const loader = createStripeLoader(fakeStripeJs().importer);
    await loader.loadStripe("pk_test_1");
    expect(() => loader.setLoadParameters({ advancedFraudSignals: true })).toThrow(new Error(LOAD_PARAMETERS_LOCKED));
  });
});

describe("Stripe.js loading", () => {
  it("imports the module only when asked, once per key", async () => {
    const stripeJs = fakeStripeJs();
    const loader = createStripeLoader(stripeJs.importer);
    expect(stripeJs.importer).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([loader.loadStripe("pk_test_1"), loader.loadStripe("pk_test_1")]);
    expect(a).toBe(stripeJs.instance);
    expect(b).toBe(stripeJs.instance);
    expect(stripeJs.loadStripe).toHaveBeenCalledTimes(1);
    expect(stripeJs.loadStripe).toHaveBeenCalledWith("pk_test_1");
    expect(stripeJs.loadStripe.setLoadParameters).not.toHaveBeenCalled();
  });

  it("tries again after a failed load", async () => {
    const stripeJs = fakeStripeJs();
    stripeJs.loadStripe.mockRejectedValueOnce(new Error("Failed to load Stripe.js"));
    const loader = createStripeLoader(stripeJs.importer);
    await expect(loader.loadStripe("pk_test_1")).rejects.toThrow("Failed to load Stripe.js");
    await expect(loader.loadStripe("pk_test_1")).resolves.toBe(stripeJs.instance);
  });

  it("the default loader uses Stripe's own module, which loads nothing on the server", async () => {
    const { stripeLoader } = await import("./stripe-loader");
    await expect(stripeLoader.loadStripe("pk_test_1")).resolves.toBeNull();
  });
});
