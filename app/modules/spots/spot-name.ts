/** A spot's name: required, at most SPOT_NAME_MAX characters, trimmed. Shared by the browser and the server. */
import { z } from "zod";

export const SPOT_NAME_MAX = 120;

export const SPOT_NAME_MESSAGES = {
  nameRequired: "Give the spot a name",
  nameTooLong: `The name must be at most ${SPOT_NAME_MAX} characters`,
} as const;

export const spotNameSchema = z
  .string({ error: SPOT_NAME_MESSAGES.nameRequired })
  .trim()
  .min(1, SPOT_NAME_MESSAGES.nameRequired)
  .max(SPOT_NAME_MAX, SPOT_NAME_MESSAGES.nameTooLong);
