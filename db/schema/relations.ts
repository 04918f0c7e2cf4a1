/**
 * Relations for Drizzle's relational queries (`db.query.maps.findMany({ with: { spots: true } })`).
 * They add no SQL; foreign keys live in the table definitions.
 */
import { relations } from "drizzle-orm";
import { mapBookmarks, followers, recentViews, spotBookmarks } from "./atlas";
import { account, session, user } from "./auth";
import { articleMaps, articles, collabBriefs, creatorApplications, posts } from "./creators";
import { categories, cities, mapCategories, maps, mapSlugs, spots } from "./maps";
import { creatorSupporters, platformSubscriptions } from "./memberships";
import { profiles } from "./profiles";
import { payoutDetails, payouts, revenueStatements, taxSettings } from "./studio";

export const userRelations = relations(user, ({ one, many }) => ({
  profile: one(profiles, { fields: [user.id], references: [profiles.id] }),
  sessions: many(session),
  accounts: many(account),
  mapBookmarks: many(mapBookmarks),
  spotBookmarks: many(spotBookmarks),
  recentViews: many(recentViews),
  follows: many(followers),
  platformSubscriptions: many(platformSubscriptions),
  supports: many(creatorSupporters),
  creatorApplications: many(creatorApplications, { relationName: "applicant" }),
}));

export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));

export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const profileRelations = relations(profiles, ({ one, many }) => ({
  user: one(user, { fields: [profiles.id], references: [user.id] }),
  maps: many(maps),
  posts: many(posts),
  followers: many(followers),
  supporters: many(creatorSupporters),
  payouts: many(payouts),
  revenueStatements: many(revenueStatements),
  payoutDetails: one(payoutDetails, { fields: [profiles.id], references: [payoutDetails.creatorId] }),
  taxSettings: one(taxSettings, { fields: [profiles.id], references: [taxSettings.creatorId] }),
  collabBriefs: many(collabBriefs),
}));

export const cityRelations = relations(cities, ({ many }) => ({
  maps: many(maps),
}));

export const categoryRelations = relations(categories, ({ many }) => ({
  spots: many(spots),
  articles: many(articles),
  maps: many(mapCategories),
}));

export const mapRelations = relations(maps, ({ one, many }) => ({
  owner: one(profiles, { fields: [maps.ownerId], references: [profiles.id] }),
  city: one(cities, { fields: [maps.cityId], references: [cities.id] }),
  spots: many(spots),
  slugs: many(mapSlugs),
  bookmarks: many(mapBookmarks),
  articleMaps: many(articleMaps),
  categories: many(mapCategories),
}));

export const mapCategoryRelations = relations(mapCategories, ({ one }) => ({
  map: one(maps, { fields: [mapCategories.mapId], references: [maps.id] }),
  category: one(categories, { fields: [mapCategories.categoryId], references: [categories.id] }),
}));

export const mapSlugRelations = relations(mapSlugs, ({ one }) => ({
  map: one(maps, { fields: [mapSlugs.mapId], references: [maps.id] }),
}));

export const spotRelations = relations(spots, ({ one, many }) => ({
  map: one(maps, { fields: [spots.mapId], references: [maps.id] }),
  category: one(categories, { fields: [spots.categoryId], references: [categories.id] }),
  bookmarks: many(spotBookmarks),
  recentViews: many(recentViews),
}));

export const mapBookmarkRelations = relations(mapBookmarks, ({ one }) => ({
  user: one(user, { fields: [mapBookmarks.userId], references: [user.id] }),
  map: one(maps, { fields: [mapBookmarks.mapId], references: [maps.id] }),
}));

export const spotBookmarkRelations = relations(spotBookmarks, ({ one }) => ({
  user: one(user, { fields: [spotBookmarks.userId], references: [user.id] }),
  spot: one(spots, { fields: [spotBookmarks.spotId], references: [spots.id] }),
}));

export const recentViewRelations = relations(recentViews, ({ one }) => ({
  user: one(user, { fields: [recentViews.userId], references: [user.id] }),
  spot: one(spots, { fields: [recentViews.spotId], references: [spots.id] }),
}));

export const followerRelations = relations(followers, ({ one }) => ({
  user: one(user, { fields: [followers.userId], references: [user.id] }),
  creator: one(profiles, { fields: [followers.creatorId], references: [profiles.id] }),
}));

export const platformSubscriptionRelations = relations(platformSubscriptions, ({ one }) => ({
  user: one(user, { fields: [platformSubscriptions.userId], references: [user.id] }),
}));

export const creatorSupporterRelations = relations(creatorSupporters, ({ one }) => ({
  user: one(user, { fields: [creatorSupporters.userId], references: [user.id] }),
  creator: one(profiles, { fields: [creatorSupporters.creatorId], references: [profiles.id] }),
}));

export const creatorApplicationRelations = relations(creatorApplications, ({ one }) => ({
  user: one(user, { fields: [creatorApplications.userId], references: [user.id], relationName: "applicant" }),
}));

export const postRelations = relations(posts, ({ one }) => ({
  creator: one(profiles, { fields: [posts.creatorId], references: [profiles.id] }),
}));

export const articleRelations = relations(articles, ({ one, many }) => ({
  category: one(categories, { fields: [articles.categoryId], references: [categories.id] }),
  articleMaps: many(articleMaps),
}));

export const articleMapRelations = relations(articleMaps, ({ one }) => ({
  article: one(articles, { fields: [articleMaps.articleId], references: [articles.id] }),
  map: one(maps, { fields: [articleMaps.mapId], references: [maps.id] }),
}));

export const collabBriefRelations = relations(collabBriefs, ({ one }) => ({
  creator: one(profiles, { fields: [collabBriefs.creatorId], references: [profiles.id] }),
}));

export const payoutRelations = relations(payouts, ({ one }) => ({
  creator: one(profiles, { fields: [payouts.creatorId], references: [profiles.id] }),
}));

export const revenueStatementRelations = relations(revenueStatements, ({ one }) => ({
  creator: one(profiles, { fields: [revenueStatements.creatorId], references: [profiles.id] }),
}));
