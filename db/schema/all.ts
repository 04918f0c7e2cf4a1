/**
 * Every table, for drizzle-kit (migrations are generated from this file). Application code imports
 * `#db/schema` (the barrel), which leaves out the tables one module owns: the audit log
 * (`./audit`, modules/audit) and the money ledger (`./ledger`, modules/money).
 */
export * from "./index";
export * from "./audit";
export * from "./ledger";
