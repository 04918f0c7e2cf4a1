/**
 * Inside the pricing dialog: the Monthly/Yearly toggle and the plan cards;
 * once a tier is chosen, checkout takes their place.
 */
import { Check } from "lucide-react";
import { useState } from "react";
import { useRootData } from "~/components/layout/use-root-data";
import { useViewer } from "~/components/auth/use-viewer";
import { disclaimer, formatPrice, type Interval, type PricingCreator, type Tier } from "~/modules/memberships/plans";
import { Checkout } from "./checkout";

// Only what a spot holds today: spots carry no photos yet, so none are promised.
const PREMIUM_BENEFITS = ["Every Premium spot on every map", "Exact places, addresses and directions", "Support the creators you follow"];

export default function PricingPanel({ creator, initialInterval }: { creator: PricingCreator | null; initialInterval: Interval }) {
  const plans = useRootData()?.config.plans;
  const viewer = useViewer();
  const [interval, setInterval] = useState<Interval>(initialInterval);
  const [tier, setTier] = useState<Tier | null>(null);

  if (!plans) return null;
  if (tier)
    return (
      <Checkout tier={tier} interval={interval} price={plans[tier][interval]} creator={tier === "supporter" ? creator : null} onBack={() => setTier(null)} />
    );

  const supporting = creator ? viewer.supports.some((s) => s.creatorId === creator.id) : false;
  const creatorName = creator ? (creator.displayName ?? `@${creator.handle}`) : "";
  return (
    <div data-testid="pricing-plans">
      <div role="radiogroup" aria-label="Billing interval" className="mx-auto mb-6 flex w-fit rounded-full bg-neutral-100 p-1">
        {(["month", "year"] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={interval === value}
            onClick={() => setInterval(value)}
            className="rounded-full px-5 py-2 text-sm font-semibold aria-checked:bg-white aria-checked:shadow"
          >
            {value === "month" ? "Monthly" : "Yearly"}
          </button>
        ))}
      </div>
      <div className={`grid gap-4 ${creator ? "sm:grid-cols-2" : ""}`}>
        <PlanCard
          testId="plan-premium"
          name="Premium"
          price={formatPrice(plans.premium[interval], interval)}
          terms={disclaimer(plans.premium[interval], interval)}
          benefits={PREMIUM_BENEFITS}
          action={viewer.hasActiveSubscription ? "Already a Premium Member" : "Go Premium"}
          disabled={viewer.hasActiveSubscription}
          onChoose={() => setTier("premium")}
        />
        {creator ? (
          <PlanCard
            testId="plan-supporter"
            name={`Supporter of ${creatorName}`}
            price={formatPrice(plans.supporter[interval], interval)}
            terms={disclaimer(plans.supporter[interval], interval)}
            benefits={["Everything in Premium", `${creatorName}'s supporters-only spots`, `Most of it goes to ${creatorName}`]}
            action={supporting ? `Already supporting ${creatorName}` : `Support @${creator.handle}`}
            disabled={supporting || viewer.user?.id === creator.id}
            onChoose={() => setTier("supporter")}
            highlighted
          />
        ) : null}
      </div>
    </div>
  );
}

function PlanCard(props: {
  testId: string;
  name: string;
  price: string;
  terms: string;
  benefits: string[];
  action: string;
  disabled: boolean;
  onChoose: () => void;
  highlighted?: boolean;
}) {
  return (
    <section
      aria-label={props.name}
      data-testid={props.testId}
      className={`flex flex-col rounded-2xl border p-5 ${props.highlighted ? "border-brand-500 bg-brand-50/40" : "border-neutral-200"}`}
    >
      <h3 className="text-lg font-semibold">{props.name}</h3>
      <p className="mt-1 text-2xl font-bold" data-testid="plan-price">
        {props.price}
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-neutral-800">
        {props.benefits.map((b) => (
          <li key={b} className="flex gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" /> {b}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={props.onChoose}
        disabled={props.disabled}
        className="mt-5 rounded-full bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-neutral-300 disabled:text-neutral-700"
      >
        {props.action}
      </button>
      <p className="mt-3 text-xs text-neutral-600" data-testid="plan-terms">
        {props.terms}
      </p>
    </section>
  );
}
