import { Bookmark } from "lucide-react";
import { href } from "react-router";
import { useViewer } from "~/components/auth/use-viewer";
import { Button } from "~/components/ui/button";
import { useToggleAction } from "./use-toggle-action";

/** Save / Saved for a map or a spot (optimistic; anonymous visitors log in first, then it is saved). */
export function BookmarkButton({ kind, id, label }: { kind: "map" | "spot"; id: string; label: string }) {
  const viewer = useViewer();
  const { on: saved, toggle } = useToggleAction({
    key: `bookmark-${kind}-${id}`,
    action: href("/api/bookmarks"),
    fields: { kind, id },
    serverOn: (kind === "map" ? viewer.bookmarks.maps : viewer.bookmarks.spots).includes(id),
  });
  return (
    <Button
      variant="secondary"
      size="md"
      aria-pressed={saved}
      aria-label={saved ? `Remove ${label} from My Atlas` : `Save ${label} to My Atlas`}
      data-testid={`bookmark-${kind}`}
      onClick={toggle}
      className="inline-flex items-center gap-2"
    >
      <Bookmark aria-hidden className={`size-4 ${saved ? "fill-brand-600 text-brand-600" : ""}`} />
      {saved ? "Saved" : "Save"}
    </Button>
  );
}
