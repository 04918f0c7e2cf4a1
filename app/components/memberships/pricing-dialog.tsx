/**
 * The pricing dialog, available to the whole app: the header's Get Premium,
 * every Support button and every locked spot open it. Its plans and checkout
 * load the first time it opens.
 */
import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { track } from "~/components/analytics/track";
import { useLocation } from "react-router";
import { Loader } from "~/components/ui/loader";
import { Modal } from "~/components/ui/modal";
import type { Interval, PricingCreator } from "~/modules/memberships/plans";

const PricingPanel = lazy(() => import("./pricing-panel"));

export interface OpenPricingOptions {
  /** The creator to support: shows the Supporter card next to Premium. */
  creator?: PricingCreator | null;
  interval?: Interval;
}

interface PricingApi {
  openPricing: (options?: OpenPricingOptions) => void;
}

const PricingContext = createContext<PricingApi | null>(null);

export function PricingDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<OpenPricingOptions>({});
  // A fresh panel (cards, monthly by default) on every opening.
  const [generation, setGeneration] = useState(0);
  const location = useLocation();

  const openPricing = useCallback((next: OpenPricingOptions = {}) => {
    setOptions(next);
    setGeneration((g) => g + 1);
    setOpen(true);
  }, []);
  const api = useMemo(() => ({ openPricing }), [openPricing]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Closing without buying is worth knowing (spec: pricing_dialog_closed); the close that
    // follows a purchase (the return to payment=success) is not that.
    const purchased = new URLSearchParams(location.search).get("payment") === "success";
    if (!next && !purchased) track("pricing_dialog_closed", options.creator ? { creator: options.creator.handle } : undefined);
  };

  return (
    <PricingContext.Provider value={api}>
      {children}
      <Modal open={open} onOpenChange={onOpenChange} title="Join & Empower Creators" description="Membership plans" size="lg">
        <Suspense fallback={<Loader />}>
          <PricingPanel key={generation} creator={options.creator ?? null} initialInterval={options.interval ?? "month"} />
        </Suspense>
      </Modal>
    </PricingContext.Provider>
  );
}

export function usePricing(): PricingApi {
  const api = useContext(PricingContext);
  if (!api) throw new Error("usePricing needs a PricingDialogProvider");
  return api;
}
