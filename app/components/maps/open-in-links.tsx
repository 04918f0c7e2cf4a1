/**
 * "Open in": the spot's exact place in the visitor's maps app. Rendered only
 * for a spot the viewer may open; a locked spot's teaser has no coordinates
 * to give, so it gets none.
 */
import { ExternalLink } from "lucide-react";
import { Fragment } from "react";
import { openInLinks } from "~/modules/spots/open-in";

export function OpenInLinks({ spot }: { spot: { name: string; lat: number; lng: number; googlePlaceId?: string | null } }) {
  return (
    <nav aria-label="Open in" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-700" data-testid="open-in">
      <span className="inline-flex items-center gap-1">
        <ExternalLink aria-hidden className="size-4" /> Open in:
      </span>
      {openInLinks(spot).map((link, i) => (
        <Fragment key={link.app}>
          {i > 0 ? <span aria-hidden>·</span> : null}
          <a
            href={link.href}
            {...(link.href.startsWith("https:") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            className="font-medium text-brand-700 hover:underline"
            data-app={link.app}
          >
            {link.label}
          </a>
        </Fragment>
      ))}
    </nav>
  );
}
