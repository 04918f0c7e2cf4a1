/**
 * The cookie banner (first visit) and the cookie settings (cookie policy
 * page, linked from every footer): accept or refuse analytics cookies with
 * equal ease. A plain form posted with a full page load, so it works before
 * hydration and PostHog starts, or is gone, on the page that follows.
 */
import { Form, href, Link, useLocation } from "react-router";
import type { Consent } from "~/modules/analytics/consent";

const button = "h-10 rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

function ConsentButtons({ current }: { current: Consent | null }) {
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action={href("/api/consent")} reloadDocument className="flex flex-wrap gap-2">
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button
        type="submit"
        name="choice"
        value="granted"
        aria-pressed={current === "granted"}
        className={`${button} border-brand-600 bg-brand-600 text-white hover:bg-brand-700`}
      >
        Accept analytics cookies
      </button>
      <button
        type="submit"
        name="choice"
        value="denied"
        aria-pressed={current === "denied"}
        className={`${button} border-brand-600 bg-white text-brand-800 hover:bg-brand-50`}
      >
        Refuse analytics cookies
      </button>
    </Form>
  );
}

/** Shown until the visitor has chosen; sits above the narrow screens' tab bar. */
export function CookieBanner({ consent, productName }: { consent: Consent | null; productName: string }) {
  if (consent) return null;
  return (
    <section
      aria-label="Cookie consent"
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-16 z-30 border-t border-neutral-200 bg-white p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] wide:bottom-0"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 wide:flex-row wide:items-center wide:justify-between">
        <p className="text-sm text-neutral-800">
          {productName} uses essential cookies to work. With your consent we also use analytics cookies to learn how the site is used; none is set until you
          accept.{" "}
          <Link to={href("/info/:slug", { slug: "cookie-policy" })} className="font-semibold text-brand-800 underline">
            Cookie policy
          </Link>
        </p>
        <ConsentButtons current={null} />
      </div>
    </section>
  );
}

/** The cookie policy page's settings: the current choice, and the way to change it. */
export function CookieSettings({ consent }: { consent: Consent | null }) {
  const status =
    consent === "granted"
      ? "You have accepted analytics cookies."
      : consent === "denied"
        ? "You have refused analytics cookies."
        : "You have not chosen yet: no analytics cookie is set.";
  return (
    <section
      id="cookie-settings"
      aria-labelledby="cookie-settings-heading"
      className="mt-10 rounded-xl border border-neutral-200 p-5"
      data-testid="cookie-settings"
    >
      <h2 id="cookie-settings-heading" className="text-xl font-semibold">
        Cookie settings
      </h2>
      <p className="mt-2 mb-4 text-neutral-800" data-testid="cookie-settings-status">
        {status}
      </p>
      <ConsentButtons current={consent} />
    </section>
  );
}
