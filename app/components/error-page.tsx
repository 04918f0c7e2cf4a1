import { href, Link } from "react-router";

/**
 * The spec's error page: '{status} ERROR', 'Oops...', the message and three tips. A request the
 * server refused as malformed (400, 413, 415) says what was wrong (`reason`) rather than
 * apologising for an application error that did not happen.
 */
export function ErrorPage({ status, infoEmail, reason }: { status: number; infoEmail: string; reason?: string }) {
  const message = reason
    ? reason
    : status === 404
      ? "The page you requested could not be found"
      : status === 403
        ? "You do not have permission to view this page"
        : status === 429
          ? "Too many requests. Please wait a moment and try again."
          : "We're sorry, but an application error occurred. If the problem persists, please contact support.";
  return (
    <main className="mx-auto max-w-2xl px-4 py-16" data-testid="error-page">
      <p className="text-sm font-bold tracking-widest text-brand-600">{status} ERROR</p>
      <h1 className="mt-2 text-4xl font-bold">Oops...</h1>
      <p className="mt-4 text-lg text-neutral-700">{message}</p>
      <h2 className="mt-10 font-semibold">Here are a few things you can try:</h2>
      <ul className="mt-3 list-disc space-y-2 pl-6 text-neutral-700">
        <li>Check that the URL is spelled correctly.</li>
        <li>
          Contact support at{" "}
          <a className="text-brand-700 underline" href={`mailto:${infoEmail}`}>
            {infoEmail}
          </a>
          .
        </li>
        <li>
          Go back to the{" "}
          <Link className="text-brand-700 underline" to={href("/")}>
            home page
          </Link>
          .
        </li>
      </ul>
    </main>
  );
}
