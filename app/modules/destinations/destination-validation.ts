/**
 * The back office's destination form (a featured destination's description and cover) and the
 * words of its page. Browser-safe.
 */
import { z } from "zod";

export const DESTINATION_LIMITS = { description: 2000, query: 100 } as const;

export const DESTINATION_MESSAGES = {
  descriptionTooLong: `The description must be at most ${DESTINATION_LIMITS.description.toLocaleString("en")} characters`,
  notFound: "This city is not in the list of destinations",
  notFeatured: "Feature the city first: only featured destinations have a cover and a description",
  orderChanged: "The list changed meanwhile: reload the page and try again",
} as const;

export const destinationDetailsSchema = z.object({
  description: z
    .string()
    .trim()
    .max(DESTINATION_LIMITS.description, DESTINATION_MESSAGES.descriptionTooLong)
    .transform((v) => (v === "" ? null : v))
    .default(null),
});

export type DestinationDetails = z.output<typeof destinationDetailsSchema>;
