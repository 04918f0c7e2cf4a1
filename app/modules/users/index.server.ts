/**
 * The users room's public API on the server: the back office's view of accounts (search, one
 * user's roles, memberships, applications and suspensions) and what an admin does to them
 * (admin rights, suspensions). Whether an account is suspended, for sign-in, is the auth room's.
 */
export { searchUsers, userForAdmin, type Membership, type SuspensionRecord, type UserForAdmin, type UserRow } from "./users-admin.server";
export {
  clearEmailBounce,
  liftSuspension,
  setAdminRole,
  suspendUser,
  USER_ACTION_MESSAGES,
  USER_AUDIT_ACTIONS,
  type UserActionResult,
} from "./user-actions.server";
