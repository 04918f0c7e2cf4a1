/**
 * Under a public map, spot, post or creator page: "Report" for everyone, and "Moderate" for admins.
 * Whether the viewer is an admin comes from the root loader (the server's session), and the
 * back-office form it opens checks again; an anonymous copy from the page cache has no admin in it.
 */
import { Flag, Gavel } from "lucide-react";
import { href, Link } from "react-router";
import { useRootData } from "~/components/layout/use-root-data";
import type { ModerationTarget } from "~/modules/moderation";

export function ContentActions({ type, id, className = "" }: { type: ModerationTarget; id: string; className?: string }) {
  const root = useRootData();
  const isAdmin = root?.viewer.profile?.isAdmin === true;
  const query = new URLSearchParams({ type, id }).toString();
  return (
    <div className={`flex flex-wrap items-center gap-4 text-sm text-neutral-600 ${className}`} data-testid="content-actions">
      <Link to={`${href("/report")}?${query}`} rel="nofollow" className="inline-flex items-center gap-1 hover:text-neutral-900 hover:underline">
        <Flag aria-hidden className="size-4" /> Report
      </Link>
      {isAdmin ? (
        <Link to={`${href("/admin/moderation")}?${query}`} className="inline-flex items-center gap-1 font-medium text-red-700 hover:underline">
          <Gavel aria-hidden className="size-4" /> Moderate
        </Link>
      ) : null}
    </div>
  );
}
