import { useId } from "react";
import { countryOptions } from "~/lib/country";

const OPTIONS = countryOptions();

/**
 * The member's country in the local provider's checkout: required, as Stripe's card country is
 * there; the VAT of their payments follows it. Preselected from the browser's language region when
 * it names one (`defaultCountry`), else empty.
 */
export function CountrySelect({ defaultCountry, error, onChange }: { defaultCountry: string | null; error?: string; onChange?: () => void }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-800">
        Country
      </label>
      <select
        id={id}
        name="country"
        required
        defaultValue={defaultCountry ?? ""}
        onChange={onChange}
        autoComplete="country"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`h-11 w-full rounded-lg border bg-white px-3 text-base outline-none focus:ring-2 focus:ring-brand-500 ${
          error ? "border-red-600" : "border-neutral-300"
        }`}
      >
        <option value="" disabled>
          Choose your country
        </option>
        {OPTIONS.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700" data-testid="error-country">
          {error}
        </p>
      ) : null}
    </div>
  );
}
