/**
 * The markdown editor's toolbar (heading, bold, italic, link, list), shared by the post editor and
 * the back office's article editor. Each button applies `markdown-toolbar.ts`'s pure edit through
 * `onFormat`; it does not take the focus, so the textarea keeps its selection. Shown once
 * JavaScript runs (before, the textarea alone is the editor).
 */
import { Bold, Heading2, Italic, Link2, List } from "lucide-react";
import type { ReactNode } from "react";
import type { Format } from "./markdown-toolbar";

export function FormattingToolbar({ onFormat }: { onFormat: (format: Format) => void }) {
  return (
    <div className="flex flex-wrap gap-1" role="toolbar" aria-label="Formatting">
      <ToolButton label="Heading" onClick={() => onFormat("heading")}>
        <Heading2 aria-hidden className="size-4" />
      </ToolButton>
      <ToolButton label="Bold" onClick={() => onFormat("bold")}>
        <Bold aria-hidden className="size-4" />
      </ToolButton>
      <ToolButton label="Italic" onClick={() => onFormat("italic")}>
        <Italic aria-hidden className="size-4" />
      </ToolButton>
      <ToolButton label="Link" onClick={() => onFormat("link")}>
        <Link2 aria-hidden className="size-4" />
      </ToolButton>
      <ToolButton label="List" onClick={() => onFormat("list")}>
        <List aria-hidden className="size-4" />
      </ToolButton>
    </div>
  );
}

function ToolButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      // Keeps the textarea's selection: the button does not take the focus on click.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className="rounded-md border border-neutral-200 bg-white p-1.5 text-neutral-700 hover:bg-neutral-100"
    >
      {children}
    </button>
  );
}
