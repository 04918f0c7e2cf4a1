import { CheckCircle2, Mail, MapPin, Share2, UserRound } from "lucide-react";
import { href, Link, redirect } from "react-router";
import { CopyField } from "~/components/studio/copy-field";
import { ButtonLink } from "~/components/ui/button";
import { dbContext } from "~/lib/db-context.server";
import { studioTitle } from "~/lib/page-title";
import { notFound } from "~/lib/http-errors";
import { creatorPath } from "~/lib/paths";
import { siteUrl } from "~/lib/site-url.server";
import { publishedOwnMap } from "~/modules/maps/map-list.server";
import { embedSnippet, shareLinks } from "~/modules/maps/share-links";
import { requireStudioCreator } from "~/routes/guards.server";
import type { Route } from "./+types/map-is-ready";

/** After a map's first publish: only for the creator's own published map (another is a 404; none, the creator's maps). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStudioCreator(request, context);
  const mapId = new URL(request.url).searchParams.get("map") ?? "";
  // Without a map to show (a bookmark, a shortened link), the creator's maps are the useful page.
  if (!mapId) throw redirect(href("/studio/maps"));
  const map = await publishedOwnMap(context.get(dbContext), viewer.profile.id, mapId);
  if (!map) notFound(request);
  const publicUrl = `${siteUrl(request)}${href("/maps/:mapId", { mapId: map.currentSlug })}`;
  return {
    map,
    publicUrl,
    share: shareLinks(publicUrl, map.title),
    embed: embedSnippet(publicUrl, map.title),
    handle: viewer.profile.handle,
  };
}

export const meta: Route.MetaFunction = () => [{ title: studioTitle("Your map is ready") }, { name: "robots", content: "noindex" }];

/** /studio/map-is-ready?map={id}: the public link, share links, the embed code and what to do next. */
export default function MapIsReady({ loaderData }: Route.ComponentProps) {
  const { map, publicUrl, share, embed, handle } = loaderData;
  return (
    <>
      <main className="mx-auto max-w-3xl px-4 py-10">
        <div className="flex items-start gap-3">
          <CheckCircle2 aria-hidden className="mt-1 size-8 shrink-0 text-brand-600" />
          <div>
            <h1 className="text-3xl font-bold">Your map is ready</h1>
            <p className="mt-1 text-neutral-700">“{map.title}” is published: anyone can open it, find it in search and save it to their Atlas.</p>
          </div>
        </div>

        <section className="mt-8 space-y-4 rounded-xl border border-neutral-200 bg-white p-5" aria-labelledby="link-title">
          <h2 id="link-title" className="text-lg font-semibold">
            Your public link
          </h2>
          <CopyField label="Public link" value={publicUrl} testId="public-link" />
          <ButtonLink to={href("/maps/:mapId", { mapId: map.currentSlug })} variant="link">
            Open the public page
          </ButtonLink>
        </section>

        <section className="mt-6 rounded-xl border border-neutral-200 bg-white p-5" aria-labelledby="share-title">
          <h2 id="share-title" className="text-lg font-semibold">
            Share it
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="share-links">
            {share.map((link) => (
              <li key={link.network}>
                <a
                  href={link.href}
                  target={link.network === "email" ? undefined : "_blank"}
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 rounded-full border border-neutral-300 px-4 py-2 text-sm font-semibold hover:bg-neutral-50"
                >
                  {link.network === "email" ? <Mail aria-hidden className="size-4" /> : <Share2 aria-hidden className="size-4" />}
                  {link.network === "email" ? "Send by email" : `Share on ${link.label}`}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section className="mt-6 space-y-3 rounded-xl border border-neutral-200 bg-white p-5" aria-labelledby="embed-title">
          <h2 id="embed-title" className="text-lg font-semibold">
            Embed it on your website
          </h2>
          <p className="text-sm text-neutral-700">
            Paste this code into your blog or website to show the map, always up to date, where your readers already are.
          </p>
          <CopyField label="Embed code" value={embed} multiline testId="embed-code" />
        </section>

        <section className="mt-6 rounded-xl border border-neutral-200 bg-white p-5" aria-labelledby="next-title">
          <h2 id="next-title" className="text-lg font-semibold">
            What to do next
          </h2>
          <ul className="mt-3 space-y-3 text-sm">
            <li className="flex gap-3">
              <MapPin aria-hidden className="size-5 shrink-0 text-brand-600" />
              <span>
                <Link to={href("/studio/maps/:mapId", { mapId: map.id })} className="font-semibold text-brand-700 hover:underline">
                  Add more spots
                </Link>{" "}
                — maps keep earning saves as they grow; premium and supporters-only spots give visitors a reason to support you.
              </span>
            </li>
            <li className="flex gap-3">
              <Share2 aria-hidden className="size-5 shrink-0 text-brand-600" />
              <span>Share it on social media and in your newsletter: the links above open each network with your map ready to post.</span>
            </li>
            <li className="flex gap-3">
              <UserRound aria-hidden className="size-5 shrink-0 text-brand-600" />
              <span>
                <Link to={href("/studio/profile")} className="font-semibold text-brand-700 hover:underline">
                  Write your profile
                </Link>{" "}
                — a photo, a short bio and links to where else people find you make{" "}
                <Link to={creatorPath(handle)} className="font-semibold text-brand-700 hover:underline">
                  your public page
                </Link>{" "}
                worth following.
              </span>
            </li>
          </ul>
          <div className="mt-6">
            <ButtonLink to={href("/studio/maps")} variant="secondary" size="md" className="inline-flex items-center">
              Back to your maps
            </ButtonLink>
          </div>
        </section>
      </main>
    </>
  );
}
