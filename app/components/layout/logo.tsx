import { MapPinned } from "lucide-react";
import { href, Link } from "react-router";

export function Logo({ productName }: { productName: string }) {
  return (
    <Link to={href("/")} className="flex items-center gap-2 text-lg font-bold tracking-tight text-ink" aria-label={`${productName} home`}>
      <span className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white">
        <MapPinned aria-hidden className="size-5" />
      </span>
      <span>{productName}</span>
    </Link>
  );
}
