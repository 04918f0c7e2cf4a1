import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Every URL of the app, in one place. */
export default [
  index("routes/public/home.tsx"),

  // Maps and spots: /maps/{id or slug}; old slugs and ids redirect (301) to the current slug.
  route("maps", "routes/public/maps-index.tsx"),
  route("maps/:mapId", "routes/public/map-page.tsx"),
  route("maps/:mapId/spots/:spotId", "routes/public/spot-page.tsx"),
  // A map's spots as a file, as this viewer may see them (resource routes, one module).
  route("maps/:mapId/export.gpx", "routes/public/map-export.ts", { id: "map-export-gpx" }),
  route("maps/:mapId/export.kml", "routes/public/map-export.ts", { id: "map-export-kml" }),
  route("maps/:mapId/export.geojson", "routes/public/map-export.ts", { id: "map-export-geojson" }),
  route("map-basemap.svg", "routes/public/map-basemap.ts"),

  route("explore", "routes/public/explore.tsx"),
  route("explore/:spotSlug", "routes/public/explore-spot.tsx"),

  route("creators", "routes/public/creators-index.tsx"),
  // Becoming a creator (blank layout), with the onboarding dialog.
  route("creators/apply", "routes/public/creators-apply.tsx"),
  route("destinations", "routes/public/destinations-index.tsx"),
  route("destinations/:id", "routes/public/destination-page.tsx"),
  route("discover", "routes/public/discover-index.tsx"),
  route("discover/:type/:itemSlug", "routes/public/discover-article.tsx"),

  // Creators: /@{handle} (one segment starting with "@"), with maps, spots and posts.
  route(":atHandle", "routes/creators/creator-page.tsx", [
    index("routes/creators/creator-overview.tsx"),
    route("maps", "routes/creators/creator-maps.tsx"),
    route("spots", "routes/creators/creator-spots.tsx"),
    route("posts", "routes/creators/creator-posts.tsx"),
  ]),
  // A post at its stable address under its creator (its id redirects to its slug), and the
  // creator's public Atom feed of public posts.
  route(":atHandle/posts/:postSlug", "routes/creators/post-page.tsx"),
  route(":atHandle/posts/feed.xml", "routes/creators/creator-feed.ts"),
  // A member's private feed of one creator (the token is the address; revocable from /account).
  route("feeds/:token", "routes/creators/private-feed.ts"),

  // Legal pages: /info/{slug}; an unknown slug is a failed route validation.
  route("info/:slug", "routes/info/legal-page.tsx"),

  // Accounts.
  route("auth", "routes/auth/auth-page.tsx"),
  // The second step of a sign-in with two-factor on (a pending challenge's cookie, set by the first).
  route("auth/two-factor", "routes/auth/two-factor.tsx"),
  route("confirm", "routes/auth/confirm.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("sign-out", "routes/auth/sign-out.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/follows", "routes/api/follows.ts"),
  route("api/bookmarks", "routes/api/bookmarks.ts"),
  route("api/search", "routes/api/search.ts"),
  route("api/payments/create-checkout-session", "routes/api/payments/create-checkout-session.ts"),
  route("api/payments/local/pay", "routes/api/payments/local-pay.ts"),
  route("api/payments/privacy-acceptance", "routes/api/payments/privacy-acceptance.ts"),
  route("api/memberships", "routes/api/memberships.ts"),
  route("api/events", "routes/api/events.ts"),
  route("api/consent", "routes/api/consent.ts"),
  route("api/creator-application", "routes/api/creator-application.ts"),
  route("api/creator-application/withdraw", "routes/api/creator-application-withdraw.ts"),
  route("api/creator-terms", "routes/api/creator-terms.ts"),
  route("api/webhooks/stripe", "routes/api/webhooks/stripe.ts"),
  route("search", "routes/public/search-page.tsx"),
  // Anyone reports a map, spot, post or creator (DSA notice): the form, then its thanks.
  route("report", "routes/public/report.tsx"),
  route("report/thanks", "routes/public/report-thanks.tsx"),
  route("account", "routes/account/account.tsx"),
  route("account/receipts/:paymentId", "routes/account/receipt.tsx"),
  route("account/emails", "routes/account/account-emails.tsx"),
  // A creator's post email: its unsubscribe link (page, and RFC 8058 one-click POST) and its open image.
  route("email/unsubscribe/:messageId", "routes/email/email-unsubscribe.tsx"),
  route("email/open/:image", "routes/email/email-open.ts"),
  // My Atlas (signed-in): saved maps and spots, followed creators, recent views.
  route("atlas", "routes/atlas/atlas-layout.tsx", [
    index("routes/atlas/atlas-home.tsx"),
    route("maps", "routes/atlas/atlas-maps.tsx"),
    route("maps/:mapSlug", "routes/atlas/atlas-map.tsx"),
    route("maps/:mapSlug/spots/:spotSlug", "routes/atlas/atlas-map-spot.tsx"),
    route("spots", "routes/atlas/atlas-spots.tsx"),
    route("spots/:spotSlug", "routes/atlas/atlas-list-spot.tsx", { id: "atlas-saved-spot" }),
    route("creators", "routes/atlas/atlas-creators.tsx"),
    route("recent", "routes/atlas/atlas-recent.tsx"),
    route("recent/:spotSlug", "routes/atlas/atlas-list-spot.tsx", { id: "atlas-recent-spot" }),
  ]),
  route("uploads/:bucket/*", "routes/public/uploads.ts"),
  // Private objects (application PDFs): admins only, with a short-lived signed URL.
  route("files/:bucket/*", "routes/files/private-file.ts"),

  // Creator Studio and back office (their own top bar; the site header is hidden there).
  // The Studio: one layout (top bar, side navigation); each child guards its own loader and action.
  route("studio", "routes/studio/studio-layout.tsx", [
    index("routes/studio/studio-home.tsx"),
    route("maps/:mapId", "routes/studio/studio-map-editor.tsx"),
    route("maps", "routes/studio/studio-maps.tsx"),
    route("maps/import/google-saved-lists", "routes/studio/studio-import.tsx"),
    route("map-is-ready", "routes/studio/map-is-ready.tsx"),
    route("maps/:mapId/spots/:spotId", "routes/studio/studio-spot.tsx"),
    // The map's import review queue (JSON for the editor; plain forms come back to the editor).
    route("maps/:mapId/review", "routes/studio/studio-map-review.ts"),
    // Resource routes (JSON for the photo manager and the cover upload).
    route("maps/:mapId/spots/:spotId/photos", "routes/studio/spot-photos.ts"),
    route("maps/:mapId/cover", "routes/studio/map-cover.ts"),
    // Posts to followers and supporters: the list, the editor, and its resource routes (JSON for the
    // editor's image upload and map or spot picker; plain forms come back to the editor).
    route("posts", "routes/studio/studio-posts.tsx"),
    route("posts/postId/:postId", "routes/studio/studio-post-editor.tsx"),
    route("posts/postId/:postId/images", "routes/studio/studio-post-images.ts"),
    route("posts/postId/:postId/places", "routes/studio/studio-post-places.ts"),
    // Who supports the creator (never their email), month by month, and the same as a CSV file.
    route("supporters", "routes/studio/studio-supporters.tsx"),
    route("supporters.csv", "routes/studio/studio-supporters-csv.ts"),
    route("profile", "routes/studio/studio-profile.tsx"),
    route("account-management", "routes/studio/studio-account-management.tsx"),
    route("account-management/maps.zip", "routes/studio/studio-maps-zip.ts"),
    route("creator-faq", "routes/studio/studio-creator-faq.tsx"),
    // Paid collaborations an admin offered this creator: the list, one brief (answer it, report
    // progress) and its attachments (downloads, for this creator only).
    route("collabs", "routes/studio/studio-collabs.tsx"),
    route("collabs/:briefId", "routes/studio/studio-collab.tsx"),
    route("collabs/:briefId/attachments/:attachmentId", "routes/studio/studio-collab-attachment.ts"),
    // Money: tax settings (Revenue) and the bank account payouts go to; a change of account is
    // confirmed by the link emailed to the creator (its page asks, a post confirms).
    route("revenue/tax-settings", "routes/studio/studio-tax-settings.tsx"),
    // Revenue: earnings by month, the payments that earn them (and as a CSV file), and each closed
    // month's statement and self-billed invoice as PDFs (the creator's own only).
    route("revenue", "routes/studio/studio-revenue.tsx"),
    route("revenue/payments", "routes/studio/studio-revenue-payments.tsx"),
    route("revenue/payments.csv", "routes/studio/studio-revenue-payments-csv.ts"),
    route("revenue/documents", "routes/studio/studio-revenue-documents.tsx"),
    route("revenue/documents/:month/statement.pdf", "routes/studio/studio-revenue-document.ts", { id: "studio-revenue-statement-pdf" }),
    route("revenue/documents/:month/invoice.pdf", "routes/studio/studio-revenue-document.ts", { id: "studio-revenue-invoice-pdf" }),
    // Payouts: the balance, the next payout, holds, withholding and the payouts made.
    route("payouts", "routes/studio/studio-payouts.tsx"),
    // Statements of reasons for the creator's content taken down, with the appeal.
    route("notices", "routes/studio/studio-notices.tsx"),
    route("payouts/details", "routes/studio/studio-payout-details.tsx"),
    route("payouts/details/confirm/:token", "routes/studio/studio-payout-details-confirm.tsx"),
  ]),
  // The spot panel's autosave (JSON); the spot page takes form posts made without JavaScript.
  route("studio/maps/:mapId/spots/:spotId/autosave", "routes/studio/studio-spot-autosave.ts"),
  // A spot's every field for the map editor's details panel (JSON; the editor's page has the list's fields only).
  route("studio/maps/:mapId/spots/:spotId/details", "routes/studio/studio-spot-details.ts"),
  // The map settings' autosave (JSON).
  route("studio/maps/:mapId/autosave", "routes/studio/studio-map-autosave.ts"),
  // The post editor's autosave (JSON); the editor page takes form posts made without JavaScript.
  route("studio/posts/postId/:postId/autosave", "routes/studio/studio-post-autosave.ts"),
  // The back office (titled Studio): one layout (the bar and the admin navigation); each child
  // guards its own loader and action with requireAdmin.
  route("admin", "routes/admin/admin-layout.tsx", [
    index("routes/admin/admin-home.tsx"),
    route("creators", "routes/admin/admin-creators.tsx"),
    route("creators/:id", "routes/admin/admin-creator.tsx"),
    // Discover articles: the list, a new one, one in the editor (old slugs of a published one redirect).
    route("articles", "routes/admin/admin-articles.tsx"),
    route("articles/new", "routes/admin/admin-article-new.tsx"),
    route("articles/:articleId", "routes/admin/admin-article.tsx"),
    // The editor's search for related maps and creators (JSON; before JavaScript the editor's own `?find=`).
    route("articles/related", "routes/admin/admin-article-related.ts"),
    route("categories", "routes/admin/admin-categories.tsx"),
    route("destinations", "routes/admin/admin-destinations.tsx"),
    // Users: the search, and one user's roles, memberships, applications and suspensions with the admin's actions.
    route("users", "routes/admin/admin-users.tsx"),
    route("users/:userId", "routes/admin/admin-user.tsx"),
    // Money: the monthly payout runs (a form post runs one).
    route("money", "routes/admin/admin-money.tsx"),
    // Open the public site as someone else sees it (read-only, audited).
    route("view-as", "routes/admin/admin-view-as.tsx"),
    // A creator's statements and self-billed invoices (?creator=handle), to download.
    route("money/documents", "routes/admin/admin-money-documents.tsx"),
    // Takedowns with their statements of reasons, appeals, the public's reports, the audit log.
    route("moderation", "routes/admin/admin-moderation.tsx"),
    route("reports", "routes/admin/admin-reports.tsx"),
    route("audit", "routes/admin/admin-audit.tsx"),
    // Paid collaborations with creators: the board (or table), a new brief, one brief, its attachments.
    route("creator-collab", "routes/admin/admin-collabs.tsx"),
    route("creator-collab/new", "routes/admin/admin-collab-new.tsx"),
    route("creator-collab/:briefId", "routes/admin/admin-collab.tsx"),
    route("creator-collab/:briefId/attachments/:attachmentId", "routes/admin/admin-collab-attachment.ts"),
  ]),
  // Each payout run's SEPA file (admins only).
  route("admin/money/payout-runs/:runId/sepa.xml", "routes/admin/admin-payout-run-file.ts"),
  // A year's withholding certificate data and DAC7 report data (admins only; each download audited).
  route("admin/money/tax-reports/:year/:file", "routes/admin/admin-tax-report-file.ts"),
  // Any creator's statement and self-billed invoice of a published month (admins only; reading writes nothing).
  route("admin/money/creators/:creatorId/documents/:month/statement.pdf", "routes/admin/admin-creator-document.ts", { id: "admin-creator-statement-pdf" }),
  route("admin/money/creators/:creatorId/documents/:month/invoice.pdf", "routes/admin/admin-creator-document.ts", { id: "admin-creator-invoice-pdf" }),

  // Resource routes.
  route("sitemap.xml", "routes/public/sitemap.ts"),
  route("robots.txt", "routes/public/robots.ts"),

  // Registered without a page of their own: permanent redirects.
  route("app/account", "routes/redirects.ts", { id: "redirect-app-account" }),
  route("app/bookmarks", "routes/redirects.ts", { id: "redirect-app-bookmarks" }),
  route("app/*", "routes/redirects.ts", { id: "redirect-app" }),
  route("studio/bank", "routes/redirects.ts", { id: "redirect-studio-bank" }),

  // Developer tools (loopback only).
  route("dev/ui", "routes/dev/ui-gallery.tsx"),
  route("dev/mailbox", "routes/dev/mailbox.tsx"),
  route("dev/mailbox/messages", "routes/dev/mailbox-messages.ts"),
  // Browser tests' own data (E2E_FIXTURES=on only, ADR 0025).
  route("dev/fixtures", "routes/dev/fixtures.ts"),

  // Anything else: the 404 error page, with the root data (config) loaded.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
