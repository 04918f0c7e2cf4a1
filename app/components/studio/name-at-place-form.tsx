/**
 * The small form that follows a click on the editor's map: where, a name
 * (editable, focused), and the action. Adding a spot and placing a review
 * row use it; each keeps its own checks and submit.
 */
import { useId, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { SPOT_NAME_MAX } from "~/modules/spots/spot-name";

export function NameAtPlaceForm({
  lead,
  at,
  name,
  onName,
  error,
  busy = false,
  submitLabel,
  onSubmit,
  onCancel,
  testId,
  positionTestId,
}: {
  /** Before the coordinates: "New spot at", "Place at". */
  lead: string;
  at: { lat: number; lng: number };
  name: string;
  onName: (name: string) => void;
  error: string | null;
  busy?: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  testId: string;
  positionTestId?: string;
}) {
  const id = useId();
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2 rounded-xl border border-brand-200 bg-brand-50 p-3" data-testid={testId}>
      <p className="text-sm text-neutral-700">
        {lead}{" "}
        <span className="font-mono" data-testid={positionTestId}>
          {at.lat.toFixed(5)}, {at.lng.toFixed(5)}
        </span>
      </p>
      <label htmlFor={id} className="block text-sm font-medium">
        Name
      </label>
      <input
        id={id}
        value={name}
        autoFocus
        onChange={(e) => onName(e.target.value)}
        maxLength={SPOT_NAME_MAX + 50}
        aria-invalid={error ? true : undefined}
        className="w-full rounded-lg border border-neutral-300 bg-white px-3 py-2"
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="md" disabled={busy}>
          {submitLabel}
        </Button>
        <Button size="md" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
