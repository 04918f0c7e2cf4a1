/**
 * The gate: who may see what (DESIGN.md section 5, ADR 0012). This file is
 * the decision in TypeScript, safe for the browser; its SQL forms are in
 * index.server.ts. All forms are held equal by
 * gating-sql.server.integration.test.ts: change one, change them all.
 */
export {
  accessTo,
  canView,
  entitlementClass,
  entitlementsOf,
  NO_ENTITLEMENTS,
  type Access,
  type Entitlements,
  type GatedItem,
  type Visibility,
} from "./gating";
