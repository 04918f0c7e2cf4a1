/**
 * Conversions (joined, pricing dialog closed, paid) also go to PostHog when
 * it is configured, from the server: only here are the user, the tracking id
 * and the last-click creator known for sure. Fire and forget: PostHog being
 * slow or down never delays or fails a request.
 */
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import type { EventProperties, EventType } from "./event-types";
import { postHogConfig, type PostHogPublicConfig } from "./posthog-config";

const TIMEOUT_MS = 5_000;

export interface ForwardedEvent {
  type: EventType;
  userId: string | null;
  anonymousId: string | null;
  attributionCreatorId: string | null;
  properties: EventProperties;
  createdAt: Date;
}

/** The body of PostHog's single-event capture endpoint (POST {host}/i/v0/e/); null without a distinct id. */
export function postHogCapture(config: PostHogPublicConfig, event: ForwardedEvent) {
  const distinctId = event.userId ?? event.anonymousId;
  if (!distinctId) return null;
  return {
    api_key: config.key,
    event: event.type,
    distinct_id: distinctId,
    timestamp: event.createdAt.toISOString(),
    properties: { ...event.properties, attribution_creator_id: event.attributionCreatorId, $lib: "spotfolio-server" },
  };
}

export function forwardToPostHog(event: ForwardedEvent, fetchImpl: typeof fetch = fetch): Promise<void> {
  const config = postHogConfig(env().POSTHOG_KEY, env().POSTHOG_HOST);
  const body = config && postHogCapture(config, event);
  if (!config || !body) return Promise.resolve();
  return fetchImpl(`${config.apiHost}/i/v0/e/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
    .then((response) => {
      if (!response.ok) logger.warn({ status: response.status, type: event.type }, "PostHog refused an event");
    })
    .catch((error: unknown) => {
      logger.warn({ err: error, type: event.type }, "could not send an event to PostHog");
    });
}
