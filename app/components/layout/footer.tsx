import { href, Link } from "react-router";
import { LEGAL_LINKS } from "~/modules/legal/links";

export function Footer({ productName, infoEmail, helpUrl }: { productName: string; infoEmail: string; helpUrl: string }) {
  return (
    <footer className="mt-16 border-t border-neutral-200 bg-neutral-50 pb-20 wide:pb-0" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 text-sm sm:grid-cols-3">
        <div>
          <p className="font-semibold">{productName}</p>
          <p className="mt-2 text-neutral-600">Curated maps of the places worth your time, from people who know them.</p>
          <p className="mt-3">
            <Link to={href("/creators/apply")} className="font-medium text-brand-700 hover:underline">
              Become a creator
            </Link>
          </p>
        </div>
        <nav aria-label="Legal">
          <p className="font-semibold">Legal</p>
          <ul className="mt-2 space-y-1.5">
            {LEGAL_LINKS.map((link) => (
              <li key={link.slug}>
                <Link to={href("/info/:slug", { slug: link.slug })} className="text-neutral-600 hover:text-ink hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to={`${href("/info/:slug", { slug: "cookie-policy" })}#cookie-settings`} className="text-neutral-600 hover:text-ink hover:underline">
                Cookie settings
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Help">
          <p className="font-semibold">Help</p>
          <ul className="mt-2 space-y-1.5">
            <li>
              <a href={helpUrl} className="text-neutral-600 hover:text-ink hover:underline" rel="noopener" target="_blank">
                Help &amp; guides
              </a>
            </li>
            <li>
              <a href={`mailto:${infoEmail}`} className="text-neutral-600 hover:text-ink hover:underline">
                {infoEmail}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      {/* The year by the server's clock and then the browser's: around New Year (or with a server clock
          ahead) they differ, and a text mismatch would make React throw the page's server HTML away and
          render it again, losing what was typed meanwhile (issue 23: the money spec's forms). */}
      <p className="mx-auto max-w-7xl px-4 pb-8 text-xs text-neutral-500" suppressHydrationWarning>
        © {new Date().getFullYear()} {productName}
      </p>
    </footer>
  );
}
