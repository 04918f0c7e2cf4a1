import { CookieSettings } from "~/components/analytics/cookie-consent";
import { companyInfo } from "~/modules/legal/company.server";
import { routeValidationFailed } from "~/lib/http-errors";
import { pageTitle } from "~/lib/page-title";
import { isLegalSlug, legalDocument } from "~/modules/legal/documents";
import { configuredPlans } from "~/modules/memberships/plans.server";
import { useRootData } from "~/components/layout/use-root-data";
import type { Route } from "./+types/legal-page";

export function loader({ params, request }: Route.LoaderArgs) {
  if (!isLegalSlug(params.slug)) routeValidationFailed(request);
  const company = companyInfo(request);
  return { document: legalDocument(params.slug, company, configuredPlans()), productName: company.productName, slug: params.slug };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: pageTitle(loaderData.document.title, loaderData.productName) }, { name: "description", content: loaderData.document.intro.slice(0, 155) }]
    : [];

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { document: doc } = loaderData;
  const root = useRootData();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <article className="prose-legal">
        <h1 className="text-3xl font-bold">{doc.title}</h1>
        <p className="mt-2 text-sm text-neutral-500">
          Version {doc.version} · Effective {doc.effectiveDate}
        </p>
        <p>{doc.intro}</p>
        {doc.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            {section.list ? (
              <ul>
                {section.list.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </article>
      {loaderData.slug === "cookie-policy" ? <CookieSettings consent={root?.consent ?? null} /> : null}
    </main>
  );
}
