import { ArrowLeft } from "lucide-react";
import { href, Link } from "react-router";
import { Logo } from "./logo";

/** The top bar of the studio and the back office, where the site header is hidden. */
export function BackOfficeBar({ productName, section }: { productName: string; section: string }) {
  return (
    <header className="border-b border-neutral-200 bg-white" data-testid="back-office-bar">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Logo productName={productName} />
        <span className="rounded-full bg-neutral-100 px-3 py-1 text-sm font-semibold text-neutral-700">{section}</span>
        <Link to={href("/")} className="ml-auto inline-flex items-center gap-1 text-sm font-medium text-neutral-700 hover:text-ink">
          <ArrowLeft aria-hidden className="size-4" /> Back to {productName}
        </Link>
      </div>
    </header>
  );
}
