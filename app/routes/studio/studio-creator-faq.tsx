import { href, Link } from "react-router";
import { studioTitle } from "~/lib/page-title";
import { companyInfo } from "~/modules/legal/company.server";
import { creatorFaq } from "~/modules/legal/creator-faq";
import { configuredPlans } from "~/modules/memberships/plans.server";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/studio-creator-faq";

export function loader({ request, context }: Route.LoaderArgs) {
  requireStudioCreator(request, context);
  return { faq: creatorFaq(companyInfo(request), configuredPlans()) };
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Creator FAQ") }, { name: "robots", content: "noindex" }];

/** /studio/creator-faq: the questions creators ask, answered from the terms they accepted. */
export default function StudioCreatorFaq({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Creator FAQ</h1>
      <p className="mt-2 text-neutral-700">
        Short answers, each with the passage of the{" "}
        <Link to={href("/info/:slug", { slug: "creator-terms" })} className="font-medium text-brand-700 hover:underline">
          Creator Terms
        </Link>{" "}
        or the{" "}
        <Link to={href("/info/:slug", { slug: "creator-compensation" })} className="font-medium text-brand-700 hover:underline">
          Creator Compensation terms
        </Link>{" "}
        it comes from. The terms are what count.
      </p>
      <nav aria-label="Questions" className="mt-6">
        <ul className="list-disc space-y-1 pl-6">
          {loaderData.faq.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`} className="text-brand-700 hover:underline">
                {entry.question}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8 space-y-10" data-testid="creator-faq">
        {loaderData.faq.map((entry) => (
          <section key={entry.id} id={entry.id} aria-labelledby={`${entry.id}-question`} className="scroll-mt-20">
            <h2 id={`${entry.id}-question`} className="text-xl font-semibold">
              {entry.question}
            </h2>
            {entry.answer.map((paragraph) => (
              <p key={paragraph} className="mt-3 text-neutral-800">
                {paragraph}
              </p>
            ))}
            {entry.sources.map((source) => (
              <figure key={source.quote} className="mt-4 rounded-lg border-l-4 border-brand-100 bg-white px-4 py-3 text-sm text-neutral-700">
                <blockquote>{source.quote}</blockquote>
                <figcaption className="mt-2">
                  <Link to={href("/info/:slug", { slug: source.slug })} className="font-medium text-brand-700 hover:underline">
                    {source.label}
                  </Link>
                </figcaption>
              </figure>
            ))}
          </section>
        ))}
      </div>
    </main>
  );
}
