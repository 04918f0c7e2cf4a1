import { z } from "zod";
import type { WorldRect } from "./preview-frame";

/** `?area=x,y,w,h` of a basemap image: a rectangle of the world (world units), neither empty nor more than a few worlds. */
export const basemapAreaSchema = z
  .string()
  .transform((value) => value.split(",").map(Number))
  .pipe(z.tuple([z.number().min(-3).max(3), z.number().min(-3).max(3), z.number().gt(0).max(4), z.number().gt(0).max(4)]))
  .transform(([x, y, w, h]): WorldRect => ({ x, y, w, h }));
