import type { ComponentProps } from "react";
import { Link } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "danger" | "danger-secondary" | "link";
export type ButtonSize = "sm" | "md" | "lg" | "xl" | "none";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "rounded-full bg-brand-600 font-semibold text-white hover:bg-brand-700 disabled:opacity-60",
  secondary: "rounded-full border border-neutral-300 font-semibold hover:bg-neutral-50 disabled:opacity-60",
  danger: "rounded-full bg-red-700 font-semibold text-white hover:bg-red-800 disabled:opacity-60",
  "danger-secondary": "rounded-full border border-red-300 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60",
  link: "font-semibold text-brand-700 hover:underline",
};

/**
 * Heights and paddings in use: `sm` in the header and on cards, `md` in lists
 * and toolbars, `lg` in forms, `xl` for the main action of a dialog or page.
 * `none` leaves them to `className` (a one-off size, or a text link).
 */
const SIZES: Record<ButtonSize, string> = {
  sm: "px-4 py-2 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-11 px-5",
  xl: "px-5 py-3",
  none: "",
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * The classes of a button. `className` adds layout (width, margin, an icon's
 * gap) and must not restate what the variant or size sets: there is no class
 * merging, so two paddings would fight.
 */
export function buttonClass({ variant = "primary", size = variant === "link" ? "none" : "lg", className }: ButtonStyle = {}): string {
  return [VARIANTS[variant], SIZES[size], className].filter(Boolean).join(" ");
}

export type ButtonProps = ComponentProps<"button"> & ButtonStyle;

/** A `<button>` (type "button" unless told otherwise), every other prop passed on. */
export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

export type ButtonLinkProps = ComponentProps<typeof Link> & ButtonStyle;

/** A React Router `<Link>` that looks like a button: navigation that works without JavaScript. */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, size, className })} {...props} />;
}
