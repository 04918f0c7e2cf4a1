import { createContext } from "react-router";
import type { Logger } from "pino";

/** What the HTTP server hands every loader and action for one request. */
export interface RequestInfo {
  requestId: string;
  nonce: string;
  clientIp: string;
  log: Logger;
}

const key = "__spotfolio_requestContext";
const store = globalThis as unknown as Record<string, ReturnType<typeof createContext<RequestInfo>>>;
// Shared through globalThis: the server entry and the React Router build are
// separate bundles and must agree on the same context key object.
export const requestContext = (store[key] ??= createContext<RequestInfo>());
