import { z } from "zod";
import type { WorldRect } from "./preview-frame";

/**
 * `?area=x,y,w,h` of a basemap image: a rectangle of the world (world units), no smaller than a
 * street, no larger than a few worlds, and no stranger in shape than a preview ever asks for.
 */
export const basemapAreaSchema = z
  .string()
  .transform((value) => value.split(",").map(Number))
  .pipe(z.tuple([z.number().min(-3).max(3), z.number().min(-3).max(3), z.number().min(1e-6).max(4), z.number().min(1e-6).max(4)]))
  .refine(([, , w, h]) => h / w >= 0.1 && h / w <= 10, "the area's height must be within a tenth and ten times its width")
  .transform(([x, y, w, h]): WorldRect => ({ x, y, w, h }));
