/**
 * A collaboration brief's statuses and who may move it where. Browser-safe and pure: the
 * module's writes and the pages' buttons ask the same table, so a button is shown only for a
 * move the server will accept.
 *
 * proposed → accepted → in_progress → delivered → paid, or proposed → declined. The creator
 * answers a proposal (accept or decline) and reports progress; only an admin marks a brief paid.
 * An admin may also do the creator's moves (a creator who answered by email) and withdraw a
 * proposal (proposed → declined). Paid and declined are final.
 */
export const COLLAB_STATUSES = ["proposed", "accepted", "in_progress", "delivered", "paid", "declined"] as const;
export type CollabStatus = (typeof COLLAB_STATUSES)[number];
export type CollabRole = "admin" | "creator";

export const STATUS_LABELS: Record<CollabStatus, string> = {
  proposed: "Proposed",
  accepted: "Accepted",
  in_progress: "In progress",
  delivered: "Delivered",
  paid: "Paid",
  declined: "Declined",
};

/** The moves each role may make, from each status. */
const MOVES: Record<CollabRole, Record<CollabStatus, readonly CollabStatus[]>> = {
  creator: {
    proposed: ["accepted", "declined"],
    accepted: ["in_progress"],
    in_progress: ["delivered"],
    delivered: [],
    paid: [],
    declined: [],
  },
  admin: {
    proposed: ["accepted", "declined"],
    accepted: ["in_progress"],
    in_progress: ["delivered"],
    delivered: ["paid"],
    paid: [],
    declined: [],
  },
};

export function isCollabStatus(value: unknown): value is CollabStatus {
  return typeof value === "string" && (COLLAB_STATUSES as readonly string[]).includes(value);
}

/** Where `role` may move a brief that is `from`. */
export function allowedMoves(role: CollabRole, from: CollabStatus): readonly CollabStatus[] {
  return MOVES[role][from];
}

export function canMove(role: CollabRole, from: CollabStatus, to: CollabStatus): boolean {
  return MOVES[role][from].includes(to);
}

/** The button's words for a move. */
export function moveLabel(to: CollabStatus): string {
  return { proposed: "Propose", accepted: "Accept", in_progress: "Start work", delivered: "Mark delivered", paid: "Mark paid", declined: "Decline" }[to];
}
