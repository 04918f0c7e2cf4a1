import pino from "pino";
import { env } from "./env.server";
import { singleton } from "./singleton.server";

export const logger = singleton("logger", () =>
  pino({
    level: env().LOG_LEVEL,
    base: { service: "spotfolio" },
    redact: ["req.headers.cookie", "req.headers.authorization", "password"],
  }),
);
