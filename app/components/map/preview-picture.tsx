/**
 * A map as a picture (ADR 0021): an SVG in the preview's coordinates with the offline basemap as
 * its image; what is drawn over it (pins, names) comes as children. The public map's preview and
 * the Studio editor's both use it.
 */
import type { ReactNode, SVGProps } from "react";
import { VIEW_H, VIEW_W, type WorldRect } from "~/modules/basemap/preview-frame";

/** A tenth of the preview's unit: enough for any screen, and shorter markup. */
export const tenth = (n: number) => Math.round(n * 10) / 10;

export interface PreviewPictureProps extends Omit<SVGProps<SVGSVGElement>, "viewBox" | "children"> {
  /** The basemap image's address and where it sits (previewLayout). */
  view: { href: string; image: WorldRect };
  children: ReactNode;
}

export function PreviewPicture({ view, children, className, ...rest }: PreviewPictureProps) {
  return (
    <svg
      viewBox={`0 0 ${VIEW_W} ${VIEW_H}`}
      preserveAspectRatio="xMidYMid meet"
      className={`absolute inset-0 h-full w-full ${className ?? ""}`}
      aria-hidden="true"
      focusable="false"
      data-testid="map-preview"
      {...rest}
    >
      <image
        href={view.href}
        x={tenth(view.image.x)}
        y={tenth(view.image.y)}
        width={tenth(view.image.w)}
        height={tenth(view.image.h)}
        preserveAspectRatio="none"
      />
      {children}
    </svg>
  );
}
