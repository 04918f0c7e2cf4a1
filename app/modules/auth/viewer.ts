/**
 * The current-user state of spec section 3 as pages see it (shared by server
 * and browser; loaded by viewer.server.ts).
 */
export interface ViewerUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface ViewerProfile {
  id: string;
  handle: string | null;
  displayName: string | null;
  bioText: string | null;
  profileImageUrl: string | null;
  isCreator: boolean;
  isOnboarded: boolean;
  isPublished: boolean;
  isAdmin: boolean;
}

export interface ViewerCreatorLink {
  id: string;
  creatorId: string;
  status: string;
  createdAt: string;
  creator: { handle: string | null; displayName: string | null; profileImageUrl: string | null; mapsCount: number };
}

export interface Viewer {
  isLoggedIn: boolean;
  user: ViewerUser | null;
  profile: ViewerProfile | null;
  subscriptions: { id: string; status: string; tier: string; interval: string; createdAt: string }[];
  supports: ViewerCreatorLink[];
  follows: ViewerCreatorLink[];
  bookmarks: { maps: string[]; spots: string[] };
  hasActiveSubscription: boolean;
  isActiveSupporter: boolean;
}

export const ANONYMOUS: Viewer = {
  isLoggedIn: false,
  user: null,
  profile: null,
  subscriptions: [],
  supports: [],
  follows: [],
  bookmarks: { maps: [], spots: [] },
  hasActiveSubscription: false,
  isActiveSupporter: false,
};
