/**
 * The back office's category form: name, slug, an icon picked from the pins' curated lucide icons
 * (radio buttons, searchable once JavaScript runs) and a colour (typed as hex, with the browser's
 * colour picker beside it once JavaScript runs). One plain form posting to /admin/categories.
 */
import { useId, useState } from "react";
import { Form, href } from "react-router";
import { PinIconSprite, PinIconUse } from "~/components/map/pin-icons";
import { Button, ButtonLink } from "~/components/ui/button";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import type { FieldErrors } from "~/lib/form-validation";
import { useHydrated } from "~/lib/use-hydrated";
import { PIN_ICONS, type PinIcon } from "~/modules/categories";
import { categoryFieldsSchema, normaliseColour } from "~/modules/categories/category-validation";

export interface CategoryFormValues {
  name: string;
  slug: string;
  icon: string;
  color: string;
}

export function CategoryForm({
  editing,
  initial,
  errors: serverErrors,
  busy,
}: {
  /** The category being edited (null: a new one). */
  editing: { id: string; name: string } | null;
  initial: CategoryFormValues;
  errors: FieldErrors;
  busy: boolean;
}) {
  const id = useId();
  const hydrated = useHydrated();
  // The shared schema checks the fields in the browser too (Conform); the server's answer shows until a field is checked again.
  const { fields, formProps } = useValidatedForm(categoryFieldsSchema, serverErrors);
  const errors: FieldErrors = {
    name: fields.name.errors?.[0],
    slug: fields.slug.errors?.[0],
    icon: fields.icon.errors?.[0],
    color: fields.color.errors?.[0],
  };
  const [color, setColor] = useState(initial.color);
  const [icon, setIcon] = useState(initial.icon);
  const [iconQuery, setIconQuery] = useState("");
  const swatch = normaliseColour(color);
  const shownIcons = PIN_ICONS.filter((name) => !iconQuery.trim() || name.includes(iconQuery.trim().toLowerCase()) || name === icon);
  return (
    <Form
      method="post"
      action={href("/admin/categories")}
      {...formProps}
      className="space-y-4 rounded-xl border border-neutral-200 bg-white p-4"
      data-testid="category-form"
    >
      <PinIconSprite icons={[...PIN_ICONS]} />
      <h2 className="text-lg font-semibold">{editing ? `Edit ${editing.name}` : "Add a category"}</h2>
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput id={`${id}-name`} name="name" label="Name" defaultValue={initial.name} error={errors.name} />
        <TextInput id={`${id}-slug`} name="slug" label="Slug" defaultValue={initial.slug} error={errors.slug} hint="Leave it empty to make it from the name." />
      </div>

      <div>
        <label htmlFor={`${id}-color`} className="mb-1 block text-sm font-medium text-neutral-800">
          Colour
        </label>
        <div className="flex items-center gap-2">
          <span
            aria-hidden
            className="size-9 shrink-0 rounded-full border border-neutral-300"
            style={{ background: swatch ?? "transparent" }}
            data-testid="colour-swatch"
          />
          <input
            id={`${id}-color`}
            name="color"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            placeholder="#D9480F"
            aria-invalid={errors.color ? true : undefined}
            aria-describedby={`${id}-color-hint${errors.color ? ` ${id}-color-error` : ""}`}
            className={`${inputClass(errors.color)} max-w-40 font-mono`}
          />
          {hydrated ? (
            <input
              type="color"
              aria-label="Pick the colour"
              value={swatch ?? "#000000"}
              onChange={(e) => setColor(e.target.value.toUpperCase())}
              className="h-9 w-12 cursor-pointer rounded border border-neutral-300"
            />
          ) : null}
        </div>
        <p id={`${id}-color-hint`} className="mt-1 text-sm text-neutral-600">
          Hex, e.g. #D9480F: the pins carry a white icon on it, so a dark colour reads best.
        </p>
        {errors.color ? (
          <p id={`${id}-color-error`} className="mt-1 text-sm text-red-700" data-testid="error-color">
            {errors.color}
          </p>
        ) : null}
      </div>

      <fieldset aria-describedby={errors.icon ? `${id}-icon-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-neutral-800">Icon</legend>
        {hydrated ? (
          <input
            type="search"
            aria-label="Find an icon"
            placeholder="Find an icon (e.g. coffee)"
            value={iconQuery}
            onChange={(e) => setIconQuery(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
            className={`${inputClass()} mb-2 max-w-64`}
          />
        ) : null}
        <div className="flex flex-wrap gap-1.5" data-testid="icon-picker">
          {PIN_ICONS.map((name) => (
            <label
              key={name}
              hidden={!shownIcons.includes(name)}
              className="flex cursor-pointer items-center gap-1.5 rounded-lg border border-neutral-200 px-2 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
            >
              <input type="radio" name="icon" value={name} checked={icon === name} onChange={() => setIcon(name)} className="sr-only" />
              <span className="grid size-6 place-items-center rounded-full text-white" style={{ background: swatch ?? "#157F5D" }}>
                <PinIconUse icon={name as PinIcon} className="size-4" />
              </span>
              {name}
            </label>
          ))}
        </div>
        {errors.icon ? (
          <p id={`${id}-icon-error`} className="mt-1 text-sm text-red-700" data-testid="error-icon">
            {errors.icon}
          </p>
        ) : null}
      </fieldset>

      <div className="flex gap-2">
        <Button type="submit" size="md" disabled={busy}>
          {editing ? "Save" : "Add the category"}
        </Button>
        {editing ? (
          <ButtonLink to={href("/admin/categories")} variant="secondary" size="md" className="inline-flex items-center">
            Cancel
          </ButtonLink>
        ) : null}
      </div>
    </Form>
  );
}

function TextInput({
  id,
  name,
  label,
  defaultValue,
  error,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  hint?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
        className={inputClass(error)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function inputClass(error?: string): string {
  return `h-10 w-full rounded-lg border bg-white px-3 text-base outline-none focus:ring-2 focus:ring-brand-500 ${error ? "border-red-600" : "border-neutral-300"}`;
}
