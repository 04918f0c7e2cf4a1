import { href, Link, useLocation } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { PayoutHoldsBanner } from "~/components/studio/payout-holds-banner";
import { TaxSettingsForm, type TaxFormValues } from "~/components/studio/tax-settings-form";
import { countryName, ISO_COUNTRY_CODES } from "~/lib/country";
import { dbContext } from "~/lib/db-context.server";
import { env } from "~/lib/env.server";
import { studioTitle } from "~/lib/page-title";
import { identityChallenge } from "~/modules/auth/step-up.server";
import { payoutReadiness } from "~/modules/money/index.server";
import { formatPayoutDay } from "~/modules/money/payout-readiness";
import { loadTaxSettings, type TaxSettingsView } from "~/modules/money/tax-settings.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-tax-settings";
import { taxSettingsAction, type MoneyFormData } from "./studio-money-action.server";

/** Countries by name, Spain (where the platform is) first. */
function countryOptions() {
  const all = ISO_COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, "en"));
  return [...all.filter((c) => c.code === "ES"), ...all.filter((c) => c.code !== "ES")];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const db = context.get(dbContext);
  const [settings, readiness, challenge] = await Promise.all([
    loadTaxSettings(db, viewer.user.id),
    payoutReadiness(db, viewer.user.id),
    identityChallenge(db, viewer.user.id),
  ]);
  return { settings, readiness, challenge, companyName: env().COMPANY_LEGAL_NAME, countries: countryOptions() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudioCreator(request, context);
  return taxSettingsAction(request, context.get(dbContext), viewer.user.id);
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Tax settings") }, { name: "robots", content: "noindex" }];

function formValues(settings: TaxSettingsView | null, typed?: Record<string, string>): TaxFormValues {
  if (typed) {
    return {
      taxResidenceCountry: typed.taxResidenceCountry ?? "",
      entityType: typed.entityType ?? "",
      legalName: typed.legalName ?? "",
      taxId: typed.taxId ?? "",
      vatRegistered: typed.vatRegistered !== undefined,
      vatNumber: typed.vatNumber ?? "",
      irpfPercent: typed.irpfPercent ?? "",
      irpfActivityStartYear: typed.irpfActivityStartYear ?? "",
      address: typed.address ?? "",
      postalCode: typed.postalCode ?? "",
      city: typed.city ?? "",
      region: typed.region ?? "",
      addressCountry: typed.addressCountry ?? "",
      dateOfBirth: typed.dateOfBirth ?? "",
      selfBilling: typed.selfBilling !== undefined,
    };
  }
  return {
    taxResidenceCountry: settings?.taxResidenceCountry ?? "",
    entityType: settings?.entityType ?? "individual",
    legalName: settings?.legalName ?? "",
    taxId: settings?.taxId ?? "",
    vatRegistered: Boolean(settings?.vatNumber),
    vatNumber: settings?.vatNumber ?? "",
    irpfPercent: settings?.irpfPercent === null || settings?.irpfPercent === undefined ? "" : String(settings.irpfPercent),
    irpfActivityStartYear: settings?.irpfActivityStartYear ? String(settings.irpfActivityStartYear) : "",
    address: settings?.address ?? "",
    postalCode: settings?.postalCode ?? "",
    city: settings?.city ?? "",
    region: settings?.region ?? "",
    addressCountry: settings?.addressCountry ?? "",
    dateOfBirth: settings?.dateOfBirth ?? "",
    selfBilling: settings?.selfBilling ?? false,
  };
}

/** /studio/revenue/tax-settings: who is paid and how they are taxed (Creator Compensation, sections 7–8). */
export default function StudioTaxSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, readiness, challenge, companyName, countries } = loaderData;
  const result = actionData as MoneyFormData | undefined;
  const { pathname } = useLocation();
  const refused = result && !result.ok ? result : undefined;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Tax settings</h1>
      <p className="mt-1 text-neutral-700">
        What we need to pay you, withhold tax where Spanish law requires it and report as EU rules for platforms (DAC7) ask, as the{" "}
        <Link to={href("/info/:slug", { slug: "creator-compensation" })} className="font-medium text-brand-700 hover:underline">
          Creator Compensation terms
        </Link>{" "}
        (sections 7 and 8) set out. Only you and our finance team see them.
      </p>

      <div className="mt-6 space-y-4">
        <div role="status">{result?.ok ? <FormAlert tone="success" message={result.message} /> : null}</div>
        <PayoutHoldsBanner holds={readiness.holds} notes={readiness.notes} currentPath={pathname} />
        {readiness.withholding ? (
          <p className="text-sm text-neutral-700" data-testid="withholding">
            Withholding on your payouts: {readiness.withholding.reason}.
          </p>
        ) : null}
      </div>

      <div className="mt-6">
        <TaxSettingsForm
          // A saved form starts again from what was saved.
          key={settings?.updatedAt ?? "new"}
          initial={formValues(settings, refused?.values)}
          countries={countries}
          companyName={companyName}
          challenge={challenge}
          serverErrors={refused ? { ...refused.fieldErrors, ...(refused.formError ? { "": refused.formError } : {}) } : undefined}
          certificate={settings?.residenceCertificate ? { uploadedAt: formatPayoutDay(settings.residenceCertificate.uploadedAt) } : null}
        />
      </div>

      <p className="mt-8 text-neutral-700">
        Next:{" "}
        <Link to={href("/studio/payouts/details")} className="font-medium text-brand-700 hover:underline">
          the bank account your payouts go to
        </Link>
        .
      </p>
    </main>
  );
}
