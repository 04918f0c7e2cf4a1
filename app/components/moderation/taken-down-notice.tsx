/** In the Studio: the creator's items an admin has taken down, named, with the way to the statement of reasons and the appeal. */
import { Gavel } from "lucide-react";
import { href, Link } from "react-router";

export function TakenDownNotice({ items, kind }: { items: { id: string; label: string }[]; kind?: string }) {
  if (items.length === 0) return null;
  return (
    <div role="status" className="mb-6 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900" data-testid="taken-down-notice">
      <p className="flex items-center gap-2 font-semibold">
        <Gavel aria-hidden className="size-4" /> Taken down by our team: not public, and cannot be published until restored
      </p>
      <ul className="mt-2 list-disc pl-6">
        {items.map((item) => (
          <li key={item.id} data-testid="taken-down-item">
            {kind ? `${kind} “${item.label}”` : item.label}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        <Link to={href("/studio/notices")} className="font-medium underline">
          See why, and appeal, in Notices
        </Link>
      </p>
    </div>
  );
}
