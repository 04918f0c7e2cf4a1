/**
 * Loads Stripe.js on demand, only when the Stripe card form is shown: the
 * npm module is imported lazily (its "pure" entry, which injects no script
 * until asked) so neither it nor Stripe's script is part of any page's first
 * load. Load parameters are checked here with the product's own messages:
 * exactly `{advancedFraudSignals: boolean}`, fixed once loading has started.
 */
import type { Stripe } from "@stripe/stripe-js";

export const INVALID_LOAD_PARAMETERS = "invalid load parameters; expected object of shape {advancedFraudSignals: boolean}";
export const LOAD_PARAMETERS_LOCKED = "You cannot change load parameters after calling loadStripe";

export interface LoadParameters {
  advancedFraudSignals: boolean;
}

export function validateLoadParameters(params: unknown): LoadParameters {
  if (params === null || typeof params !== "object" || Array.isArray(params)) throw new Error(INVALID_LOAD_PARAMETERS);
  const keys = Object.keys(params);
  const value = (params as { advancedFraudSignals?: unknown }).advancedFraudSignals;
  if (keys.length !== 1 || keys[0] !== "advancedFraudSignals" || typeof value !== "boolean") throw new Error(INVALID_LOAD_PARAMETERS);
  return { advancedFraudSignals: value };
}

/** The part of @stripe/stripe-js/pure used here (a stand-in in unit tests). */
export interface StripeJsModule {
  loadStripe: ((publishableKey: string) => Promise<Stripe | null>) & { setLoadParameters(params: LoadParameters): void };
}

export function createStripeLoader(importStripeJs: () => Promise<StripeJsModule> = () => import("@stripe/stripe-js/pure")) {
  let parameters: LoadParameters | null = null;
  let started = false;
  const loads = new Map<string, Promise<Stripe | null>>();

  return {
    setLoadParameters(params: unknown): void {
      const valid = validateLoadParameters(params);
      if (started) {
        // Repeating the parameters already in force is harmless; changing them is not possible any more.
        if (parameters?.advancedFraudSignals === valid.advancedFraudSignals) return;
        throw new Error(LOAD_PARAMETERS_LOCKED);
      }
      parameters = valid;
    },

    /** Stripe for this publishable key, loaded once (a failed load is tried again on the next call). */
    loadStripe(publishableKey: string): Promise<Stripe | null> {
      started = true;
      let load = loads.get(publishableKey);
      if (!load) {
        load = importStripeJs().then(({ loadStripe }) => {
          if (parameters) loadStripe.setLoadParameters(parameters);
          return loadStripe(publishableKey);
        });
        loads.set(publishableKey, load);
        load.catch(() => loads.delete(publishableKey));
      }
      return load;
    },
  };
}

export const stripeLoader = createStripeLoader();
