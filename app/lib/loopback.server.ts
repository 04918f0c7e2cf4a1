import type { RouterContextProvider } from "react-router";
import { notFound } from "./http-errors";
import { requestContext } from "./request-context";

export function isLoopback(ip: string): boolean {
  return ip === "127.0.0.1" || ip === "::1" || ip.startsWith("127.") || ip === "::ffff:127.0.0.1";
}

/** Developer tools under /dev answer only to this machine; everyone else gets a 404. */
export function requireLoopback(request: Request, context: Readonly<RouterContextProvider>): void {
  let ip: string;
  try {
    ip = context.get(requestContext).clientIp;
  } catch {
    // No request info (e.g. `react-router dev`): treat as local development.
    return;
  }
  if (!isLoopback(ip)) notFound(request);
}
