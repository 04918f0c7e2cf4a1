/** The collabs room's browser-safe API: statuses, moves and the brief's form rules. */
export * from "./transitions";
export * from "./validation";
