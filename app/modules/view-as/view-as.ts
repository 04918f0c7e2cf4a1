/**
 * "View as" (issue 25, item 8): an admin opens public pages as a visitor of another kind would see
 * them, to check gating. Browser-safe: the kinds, their labels and the banner's words.
 */
export const VIEW_AS_MODES = ["anonymous", "member", "premium", "supporter"] as const;
export type ViewAsMode = (typeof VIEW_AS_MODES)[number];

/** What the banner and the back office show while it is on. */
export interface ViewAsState {
  mode: ViewAsMode;
  /** The creator supported (mode "supporter"). */
  creator: { id: string; handle: string | null; displayName: string | null } | null;
}

export function isViewAsMode(value: unknown): value is ViewAsMode {
  return typeof value === "string" && (VIEW_AS_MODES as readonly string[]).includes(value);
}

/** "an anonymous visitor", "a Supporter of @lucia_ferrer". */
export function viewAsLabel(state: ViewAsState): string {
  switch (state.mode) {
    case "anonymous":
      return "an anonymous visitor";
    case "member":
      return "a signed-in member (free)";
    case "premium":
      return "a Premium member";
    case "supporter":
      return `a Supporter of ${state.creator?.handle ? `@${state.creator.handle}` : (state.creator?.displayName ?? "a creator")}`;
  }
}

export const VIEW_AS_MESSAGES = {
  mode: "Choose whom to view the site as",
  creator: "Enter the handle of a published creator to view the site as their supporter",
  readOnly: "You are viewing the site as someone else: nothing can be changed until you stop.",
} as const;
