import { href, Link } from "react-router";
import { pageTitle } from "~/lib/page-title";
import { publicConfig } from "~/modules/site/public-config.server";
import type { Route } from "./+types/report-thanks";

export function loader() {
  return { productName: publicConfig().productName };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle("Thank you for your report", loaderData?.productName ?? "Spotfolio") },
  { name: "robots", content: "noindex" },
];

/** After a report: what happens next. */
export default function ReportThanks() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">Thank you for your report</h1>
      <p className="mt-4 text-neutral-700">
        Our team reviews every report. If it breaks the law or our Creator Terms we take it down and tell its creator why. If you left your email address, we
        may write to you about it.
      </p>
      <p className="mt-6">
        <Link to={href("/")} className="font-medium text-brand-700 hover:underline">
          Back to the home page
        </Link>
      </p>
    </main>
  );
}
