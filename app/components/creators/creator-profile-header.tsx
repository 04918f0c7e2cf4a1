import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "~/components/layout/avatar";
import { coverSrcSet } from "~/modules/images/variants";

export interface ProfileHeaderData {
  handle: string;
  displayName: string | null;
  profileImageUrl: string | null;
  coverImageUrl: string | null;
  links: { label: string; url: string }[];
}

/**
 * The top of /@handle: cover band, avatar, name, handle and links. The
 * public page and the Studio's live preview render this same component, so
 * the preview shows exactly what visitors will see.
 */
export function CreatorProfileHeader({ creator, details, actions }: { creator: ProfileHeaderData; details?: ReactNode; actions?: ReactNode }) {
  return (
    <header data-testid="creator-header">
      {creator.coverImageUrl ? (
        <img
          src={creator.coverImageUrl}
          srcSet={coverSrcSet(creator.coverImageUrl)}
          sizes="(min-width: 1024px) 1024px, 100vw"
          alt=""
          className="mb-6 aspect-[3/1] w-full rounded-2xl object-cover"
          data-testid="creator-cover"
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-5">
        <Avatar src={creator.profileImageUrl} size={96} alt="" />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold break-words">{creator.displayName || `@${creator.handle}`}</h1>
          <p className="text-neutral-600">@{creator.handle}</p>
          {details}
        </div>
        {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
      </div>
      {creator.links.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Links" data-testid="creator-links">
          {creator.links.map((link, i) => (
            <li key={`${i}-${link.url}`}>
              <a
                href={link.url}
                rel="me nofollow noopener noreferrer"
                target="_blank"
                className="inline-flex items-center gap-1.5 rounded-full border border-neutral-200 px-3 py-1 text-sm font-medium text-neutral-800 hover:bg-neutral-100"
              >
                <ExternalLink aria-hidden className="size-3.5" />
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </header>
  );
}
