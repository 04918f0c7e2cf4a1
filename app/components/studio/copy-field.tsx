import { Check, Copy } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A read-only value with a Copy button. Before the scripts run (or where the
 * clipboard is refused) the value is still there to select and copy by hand.
 */
export function CopyField({ label, value, multiline = false, testId }: { label: string; value: string; multiline?: boolean; testId?: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard permission: select the text so Ctrl+C / Cmd+C copies it.
      field.current?.select();
    }
  };
  const common = {
    id,
    ref: field,
    readOnly: true,
    value,
    onFocus: (e: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => e.currentTarget.select(),
    "data-testid": testId,
    className: "w-full min-w-0 rounded-lg border border-neutral-300 bg-neutral-50 px-3 py-2 font-mono text-sm",
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className={`flex gap-2 ${multiline ? "flex-col items-end" : "items-center"}`}>
        {multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
        {hydrated ? (
          <Button variant="secondary" size="md" onClick={copy} className="inline-flex shrink-0 items-center gap-1.5" aria-label={`Copy ${label.toLowerCase()}`}>
            {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
            {copied ? "Copied" : "Copy"}
          </Button>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {copied ? `${label} copied` : ""}
      </p>
    </div>
  );
}
