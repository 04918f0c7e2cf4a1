/** The buttons that open the pricing dialog from a creator or a locked spot. */
import { HeartHandshake, Lock } from "lucide-react";
import { useViewer } from "~/components/auth/use-viewer";
import { Button } from "~/components/ui/button";
import type { Visibility } from "~/modules/gate";
import type { PricingCreator } from "~/modules/memberships/plans";
import { usePricing } from "./pricing-dialog";

export function SupportButton({ creator }: { creator: PricingCreator }) {
  const { openPricing } = usePricing();
  const viewer = useViewer();
  if (viewer.user?.id === creator.id) return null;
  const supporting = viewer.supports.some((s) => s.creatorId === creator.id);
  return (
    <button
      type="button"
      onClick={() => openPricing({ creator })}
      data-testid="support-button"
      className="inline-flex items-center gap-2 rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      <HeartHandshake aria-hidden className="size-4" /> {supporting ? "Supporting" : "Support"}
    </button>
  );
}

/** A locked spot's way in: Premium for premium spots, supporting its creator for supporters-only ones. */
export function UnlockButton({ visibility, creator }: { visibility: Visibility; creator: PricingCreator | null }) {
  const { openPricing } = usePricing();
  const forSupporters = visibility === "supporters" && creator;
  return (
    <Button
      size="none"
      onClick={() => openPricing(forSupporters ? { creator } : {})}
      data-testid="unlock-button"
      className="mt-4 inline-flex items-center gap-2 px-5 py-2.5 text-sm"
    >
      <Lock aria-hidden className="size-4" /> {forSupporters ? `Support ${creator.displayName ?? `@${creator.handle}`} to unlock` : "Unlock with Premium"}
    </Button>
  );
}
