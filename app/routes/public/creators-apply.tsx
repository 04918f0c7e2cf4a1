import { ArrowLeft, Coins, MapPinned, Sparkles } from "lucide-react";
import { useState } from "react";
import { href, Link, redirect, useNavigate, useSearchParams } from "react-router";
import { useAuthDialog } from "~/components/auth/auth-dialog";
import { useViewer } from "~/components/auth/use-viewer";
import { MapCards } from "~/components/catalog/cards";
import { Logo } from "~/components/layout/logo";
import { OnboardingDialog, type OnboardingStep } from "~/components/onboarding/onboarding-dialog";
import { Button } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { pageTitle } from "~/lib/page-title";
import { useHydrated } from "~/lib/use-hydrated";
import { publishedMaps } from "~/modules/catalog/catalog.server";
import { CREATOR_SUPPORTER_SHARE_PERCENT, formatEuros, formatPercent, PAYOUT_MINIMUM, PREMIUM_POOL_SHARE_PERCENT } from "~/modules/money";
import { publicConfig } from "~/modules/site/public-config.server";
import { getViewer, isSignedIn } from "~/modules/auth/session.server";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/creators-apply";

/** Its own slim top bar: no site header or footer (spec section 2, blank layout). */
export const handle: RouteHandle = { layout: "blank" };

/** The creator minimum (spec section 9). */
const MIN_SPOTS = 30;

export async function loader({ context }: Route.LoaderArgs) {
  // A creator has nothing to apply for: their place is the Studio.
  const viewer = getViewer(context);
  if (isSignedIn(viewer) && viewer.profile.isCreator) throw redirect(href("/studio"));
  // Examples of great maps: the fullest of the newest published maps.
  const maps = await publishedMaps(context.get(dbContext), { limit: 12 });
  const examples = [...maps].sort((a, b) => b.spotCount - a.spotCount).slice(0, 4);
  return { examples, productName: publicConfig().productName };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const name = loaderData?.productName ?? "Spotfolio";
  return [
    { title: pageTitle("Become a creator", name) },
    { name: "description", content: `Publish your maps of the places you recommend on ${name} and get paid by the people who use them.` },
  ];
};

/**
 * /creators/apply: what being a creator means, the terms in short, example
 * maps, an FAQ, and Apply. Apply asks an anonymous visitor to sign up or log
 * in as a creator first; a signed-in user goes through onboarding (at once
 * on arrival). Coming back from the emailed link (`?from=confirm`), closing
 * onboarding goes on to /explore.
 */
export default function CreatorsApply({ loaderData }: Route.ComponentProps) {
  const { examples, productName } = loaderData;
  const viewer = useViewer();
  const { openAuth } = useAuthDialog();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const fromConfirm = searchParams.get("from") === "confirm";
  // Unset until the user opens or closes it.
  const [openChoice, setOpen] = useState<boolean | null>(null);
  // Unset until the user moves: then the start is decided by the viewer of that moment
  // (after a login in the auth dialog, the revalidated one).
  const [step, setStep] = useState<OnboardingStep | null>(null);
  const onboarded = Boolean(viewer.profile?.isOnboarded || viewer.profile?.isCreator);
  const shownStep = step ?? (onboarded ? "already" : "intro");

  // A signed-in visitor starts at once (after hydration: the dialog's code loads on opening).
  const hydrated = useHydrated();
  const open = openChoice ?? (hydrated && viewer.isLoggedIn);

  const apply = () => {
    setStep(null);
    if (viewer.isLoggedIn) setOpen(true);
    else openAuth({ step: "signup", userType: "creator", onSuccess: () => setOpen(true) });
  };

  const explore = () => {
    // Onboarding changed the profile: a fresh page load shows the new state everywhere.
    if (step === "complete") window.location.assign(href("/explore"));
    else void navigate(href("/explore"));
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next && fromConfirm) explore();
  };

  const applyButton = (
    <Button size="xl" onClick={apply}>
      Apply
    </Button>
  );

  return (
    <>
      <header className="border-b border-neutral-200 bg-white" data-testid="apply-bar">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4">
          <Logo productName={productName} />
          <Link to={href("/")} className="ml-auto inline-flex items-center gap-1 text-sm font-medium text-neutral-700 hover:text-ink">
            <ArrowLeft aria-hidden className="size-4" /> Back to {productName}
          </Link>
        </div>
      </header>
      <main>
        <section className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <h1 className="max-w-3xl text-4xl font-bold tracking-tight">Turn the places you know into maps people pay to follow.</h1>
            <p className="mt-4 max-w-2xl text-lg text-neutral-700">
              Creators on {productName} publish curated maps of the spots they recommend: the bakery worth crossing town for, the viewpoint nobody else knows.
              Members explore them, save them to their Atlas, and support the creators they love.
            </p>
            <div className="mt-8">{applyButton}</div>
          </div>
        </section>

        <section aria-labelledby="apply-what" className="mx-auto grid max-w-6xl gap-6 px-4 py-12 wide:grid-cols-3">
          <h2 id="apply-what" className="sr-only">
            What being a creator means
          </h2>
          <Point icon={<MapPinned aria-hidden className="size-6" />} title={`At least ${MIN_SPOTS} spots`}>
            A creator map recommends at least {MIN_SPOTS} spots, each one visited and described by you. Show us such a map when you apply: a PDF or a shared
            Google Maps list.
          </Point>
          <Point icon={<Sparkles aria-hidden className="size-6" />} title="Your own Creator Studio">
            Once approved you get a public page at /@your-handle and a Studio to build maps, import your Google lists, post to your followers and choose what
            only members see.
          </Point>
          <Point icon={<Coins aria-hidden className="size-6" />} title="Get paid for your maps">
            Members support you directly, and Premium members&apos; engagement with your maps earns you a share of the Premium pool.
          </Point>
        </section>

        <section aria-labelledby="apply-compensation" className="mx-auto max-w-6xl px-4 pb-12" data-testid="apply-compensation">
          <h2 id="apply-compensation" className="mb-4 text-2xl font-bold">
            How you are paid
          </h2>
          <ul className="list-disc space-y-2 pl-5 text-neutral-800">
            <li>{formatPercent(CREATOR_SUPPORTER_SHARE_PERCENT)} of the net revenue from your Supporters (after VAT and payment fees).</li>
            <li>
              A share of the Premium pool: {formatPercent(PREMIUM_POOL_SHARE_PERCENT)} of net Premium revenue, split among creators by the engagement points
              their content earns.
            </li>
            <li>Paid monthly once your balance reaches {formatEuros(PAYOUT_MINIMUM, { currency: "code" })}; smaller balances carry over to the next month.</li>
          </ul>
          <p className="mt-4">
            <Link to={href("/info/:slug", { slug: "creator-compensation" })} className="font-semibold text-brand-700 hover:underline">
              Read the Creator Compensation terms
            </Link>
          </p>
        </section>

        <section aria-labelledby="apply-examples" className="mx-auto max-w-6xl px-4 pb-12">
          <h2 id="apply-examples" className="mb-4 text-2xl font-bold">
            Examples of great maps
          </h2>
          <MapCards maps={examples} emptyTitle="No maps published yet" emptyDescription="The first creators' maps appear here as soon as they are published." />
        </section>

        <section aria-labelledby="apply-faq" className="mx-auto max-w-3xl px-4 pb-12" data-testid="apply-faq">
          <h2 id="apply-faq" className="mb-4 text-2xl font-bold">
            Questions
          </h2>
          <Faq question="Who can become a creator?">
            Anyone with a {productName} account who has made a map of at least {MIN_SPOTS} spots they recommend, and who accepts the Creator Terms, the
            Copyright Policy and the Creator Compensation terms.
          </Faq>
          <Faq question="What do I send with my application?">
            A PDF of your map (up to 20 MB) or the shared link of a Google Maps list (https://maps.app.goo.gl/…). The list must be shared publicly, not
            protected by a password. You can also skip this step and send it later from your account.
          </Faq>
          <Faq question="How long does the review take?">
            Our team looks at every application by hand, usually within a few working days. We email you the decision, and the reason if we cannot accept the
            map yet. You can apply again at any time.
          </Faq>
          <Faq question="What does it cost?">Nothing. Becoming a creator is free; we take our share only from what your members pay.</Faq>
        </section>

        <section className="border-t border-neutral-200 bg-neutral-50">
          <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-12">
            <h2 className="text-2xl font-bold">Ready to share your map?</h2>
            {applyButton}
          </div>
        </section>
      </main>
      <OnboardingDialog open={open} onOpenChange={onOpenChange} step={shownStep} onStepChange={setStep} productName={productName} onExplore={explore} />
    </>
  );
}

function Point({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-2xl border border-neutral-200 p-6">
      <div className="mb-3 text-brand-600">{icon}</div>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="mt-2 text-neutral-700">{children}</p>
    </div>
  );
}

function Faq({ question, children }: { question: string; children: React.ReactNode }) {
  return (
    <details className="group border-b border-neutral-200 py-4">
      <summary className="cursor-pointer list-none font-semibold marker:hidden">{question}</summary>
      <p className="mt-2 text-neutral-700">{children}</p>
    </details>
  );
}
