/**
 * Report an event only the browser sees (e.g. the pricing dialog closed) to
 * our own events table. The server adds who and from which creator; this
 * only names the event. Survives the page being closed (sendBeacon), and
 * never throws: analytics must not break what the visitor is doing.
 */
import { href } from "react-router";
import type { ClientEventType, EventProperties } from "~/modules/analytics/event-types";

export const EVENTS_ENDPOINT = href("/api/events");

export function track(type: ClientEventType, properties?: EventProperties): void {
  try {
    // Form encoding is a "simple" body: sendBeacon sends it without a preflight in every browser.
    const body = new URLSearchParams({ type });
    if (properties && Object.keys(properties).length > 0) body.set("properties", JSON.stringify(properties));
    if (typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function" && navigator.sendBeacon(EVENTS_ENDPOINT, body)) return;
    if (typeof fetch !== "function") return;
    fetch(EVENTS_ENDPOINT, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
  } catch {
    // Nothing to do: the event is lost, the page goes on.
  }
}
