/** The Studio dashboard's figures (computed by `dashboard.server.ts`), as the page receives them. */
import { MIN_SPOTS_TO_PUBLISH } from "~/modules/spots";

export const DASHBOARD_DAYS = 30;

export interface DayFigures {
  /** YYYY-MM-DD, UTC. */
  day: string;
  views: number;
  saves: number;
}

export interface TopItem {
  id: string;
  title: string;
  views: number;
  saves: number;
  /** The map's current slug (for a spot: its map's), to link to the public page. */
  mapSlug: string;
  spotSlug?: string;
}

export type ChecklistKey = "profile" | "first-map" | "spots" | "publish" | "share";

export interface ChecklistItem {
  key: ChecklistKey;
  done: boolean;
}

export interface StudioDashboard {
  maps: { published: number; drafts: number };
  spots: number;
  followers: number;
  supporters: number;
  days: DayFigures[];
  totals: { views: number; saves: number };
  topMaps: TopItem[];
  topSpots: TopItem[];
  attributed: { signUps: number; premium: number; supporter: number };
  checklist: ChecklistItem[];
}

/** The getting-started checklist, in the order a new creator works through it. */
export const CHECKLIST_LABELS: Record<ChecklistKey, string> = {
  profile: "Complete your profile: display name, bio and profile image",
  "first-map": "Create your first map",
  spots: `Add ${MIN_SPOTS_TO_PUBLISH} published spots to a map`,
  publish: "Publish a map",
  share: "Share it: the first visit from someone else",
};
