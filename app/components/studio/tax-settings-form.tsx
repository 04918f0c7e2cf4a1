import { useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import type { FieldErrors } from "~/lib/form-validation";
import { useHydrated } from "~/lib/use-hydrated";
import { formatPercent, IRPF_GENERAL_PERCENT, IRPF_NEW_ACTIVITY_PERCENT } from "~/modules/money";
import { CITY_MAX, LEGAL_NAME_MAX, REGION_MAX, STREET_MAX, taxSettingsSchema } from "~/modules/money/validation";
import { IdentityCheck, type IdentityChallenge } from "./identity-check";

export interface CountryOption {
  code: string;
  name: string;
}

/** The saved settings as the form shows them (strings, as typed). */
export interface TaxFormValues {
  taxResidenceCountry: string;
  entityType: string;
  legalName: string;
  taxId: string;
  vatRegistered: boolean;
  vatNumber: string;
  irpfPercent: string;
  irpfActivityStartYear: string;
  address: string;
  postalCode: string;
  city: string;
  region: string;
  addressCountry: string;
  dateOfBirth: string;
  selfBilling: boolean;
}

const inputClass = (error?: string) =>
  `h-11 w-full rounded-lg border bg-white px-3 text-base outline-none focus:ring-2 focus:ring-brand-500 ${error ? "border-red-600" : "border-neutral-300"}`;

function FieldError({ name, error }: { name: string; error?: string }) {
  return error ? (
    <p id={`tax-${name}-error`} className="mt-1 text-sm text-red-700" data-testid={`error-${name}`}>
      {error}
    </p>
  ) : null;
}

function CountrySelect({ name, label, value, countries, error }: { name: string; label: string; value: string; countries: CountryOption[]; error?: string }) {
  return (
    <div>
      <label htmlFor={`tax-${name}`} className="mb-1 block text-sm font-medium text-neutral-800">
        {label}
      </label>
      <select
        id={`tax-${name}`}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `tax-${name}-error` : undefined}
        className={inputClass(error)}
      >
        <option value="">Choose a country</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      <FieldError name={name} error={error} />
    </div>
  );
}

function Section({ title, children, hint }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-neutral-200 bg-white p-5">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {hint ? <p className="-mt-2 text-sm text-neutral-600">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

function Radio({ name, value, checked, label, hint }: { name: string; value: string; checked: boolean; label: string; hint?: string }) {
  const id = `tax-${name}-${value}`;
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="radio" name={name} value={value} defaultChecked={checked} className="mt-1 size-4 accent-brand-600" />
      <label htmlFor={id} className="text-sm text-neutral-800">
        <span className="font-medium">{label}</span>
        {hint ? <span className="block text-neutral-600">{hint}</span> : null}
      </label>
    </div>
  );
}

function Checkbox({ name, checked, children, error }: { name: string; checked: boolean; children: ReactNode; error?: string }) {
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={`tax-${name}`}
          name={name}
          type="checkbox"
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `tax-${name}-error` : undefined}
          className="mt-1 size-4 accent-brand-600"
        />
        <label htmlFor={`tax-${name}`} className="text-sm text-neutral-800">
          {children}
        </label>
      </div>
      <FieldError name={name} error={error} />
    </div>
  );
}

/**
 * The tax settings form: who is paid, their tax id, VAT, IRPF (Spanish-resident individuals),
 * address, date of birth (individuals), a certificate of tax residence (non-residents) and the
 * self-billing agreement, then the step-up. Once JavaScript runs, only the parts that apply show;
 * before, every part shows with whom it is for, and the server keeps only what applies.
 */
export function TaxSettingsForm({
  initial,
  countries,
  companyName,
  challenge,
  serverErrors,
  certificate,
}: {
  initial: TaxFormValues;
  countries: CountryOption[];
  companyName: string;
  challenge: IdentityChallenge;
  serverErrors?: FieldErrors;
  certificate: { uploadedAt: string } | null;
}) {
  const hydrated = useHydrated();
  const { fields, formProps } = useValidatedForm(taxSettingsSchema, serverErrors);
  const busy = useNavigation().state !== "idle";
  const [now, setNow] = useState({ country: initial.taxResidenceCountry, entity: initial.entityType, vat: initial.vatRegistered, irpf: initial.irpfPercent });
  // The schema's fields show Conform's verdict (the server's until checked again); the others (the file, the step-up) the server's.
  const error = (name: string) => (name in taxSettingsSchema.shape ? fields[name as keyof typeof fields].errors?.[0] : serverErrors?.[name]);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    formProps.onChange(event);
    const form = new FormData(event.currentTarget);
    setNow({
      country: String(form.get("taxResidenceCountry") ?? ""),
      entity: String(form.get("entityType") ?? ""),
      vat: form.get("vatRegistered") !== null,
      irpf: String(form.get("irpfPercent") ?? ""),
    });
  };

  // Before JavaScript, every part shows; after, only those that apply.
  const spanish = now.country === "ES";
  const individual = now.entity !== "company";
  const show = {
    irpf: !hydrated || (spanish && individual),
    newActivity: !hydrated || now.irpf === String(IRPF_NEW_ACTIVITY_PERCENT),
    vatNumber: !hydrated || now.vat,
    dateOfBirth: !hydrated || individual,
    certificate: !hydrated || (now.country !== "" && !spanish),
  };
  const taxIdLabel = !hydrated
    ? "Tax identification number (in Spain: NIF or NIE; companies: the company's NIF)"
    : spanish
      ? individual
        ? "NIF or NIE"
        : "Company NIF (formerly CIF)"
      : "Tax identification number (TIN)";
  const thisYear = new Date().getUTCFullYear();

  return (
    <Form method="post" encType="multipart/form-data" {...formProps} onChange={onChange} className="space-y-6" data-testid="tax-settings-form">
      <Section title="Who is paid">
        <CountrySelect
          name="taxResidenceCountry"
          label="Country of tax residence"
          value={initial.taxResidenceCountry}
          countries={countries}
          error={error("taxResidenceCountry")}
        />
        <div
          role="radiogroup"
          aria-labelledby="tax-entity-label"
          aria-describedby={error("entityType") ? "tax-entityType-error" : undefined}
          className="space-y-2"
        >
          <p id="tax-entity-label" className="text-sm font-medium text-neutral-800">
            You are paid as
          </p>
          <Radio
            name="entityType"
            value="individual"
            checked={initial.entityType === "individual"}
            label="An individual"
            hint="Yourself, including as a self-employed professional (autónomo)"
          />
          <Radio
            name="entityType"
            value="company"
            checked={initial.entityType === "company"}
            label="A business"
            hint="A company or other legal entity with its own tax id"
          />
          <FieldError name="entityType" error={error("entityType")} />
        </div>
        <TextField
          label="Legal name"
          name="legalName"
          defaultValue={initial.legalName}
          maxLength={LEGAL_NAME_MAX}
          autoComplete="name"
          error={error("legalName")}
          aria-describedby="tax-legal-name-hint"
        />
        <p id="tax-legal-name-hint" className="-mt-3 text-sm text-neutral-600">
          As on your ID, or your company&apos;s registration. Your bank account must be in this name.
        </p>
      </Section>

      <Section title="Tax identification">
        <TextField label={taxIdLabel} name="taxId" defaultValue={initial.taxId} autoCapitalize="characters" spellCheck={false} error={error("taxId")} />
        <Checkbox name="vatRegistered" checked={initial.vatRegistered}>
          I am registered for VAT
        </Checkbox>
        {show.vatNumber ? (
          <TextField
            label={hydrated ? "VAT number" : "VAT number (if registered for VAT)"}
            name="vatNumber"
            defaultValue={initial.vatNumber}
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={spanish ? "ES12345678Z" : "FR40303265045"}
            error={error("vatNumber")}
          />
        ) : null}
      </Section>

      {show.irpf ? (
        <Section
          title={hydrated ? "IRPF withholding" : "IRPF withholding (individuals resident in Spain)"}
          hint="Spanish law requires us to withhold personal income tax (IRPF) from payouts to professionals resident in Spain, and pay it to the Tax Agency for you."
        >
          <div role="radiogroup" aria-label="IRPF rate" className="space-y-2">
            <Radio
              name="irpfPercent"
              value={String(IRPF_GENERAL_PERCENT)}
              checked={initial.irpfPercent === String(IRPF_GENERAL_PERCENT)}
              label={`${formatPercent(IRPF_GENERAL_PERCENT)}, the general rate`}
            />
            <Radio
              name="irpfPercent"
              value={String(IRPF_NEW_ACTIVITY_PERCENT)}
              checked={initial.irpfPercent === String(IRPF_NEW_ACTIVITY_PERCENT)}
              label={`${formatPercent(IRPF_NEW_ACTIVITY_PERCENT)}, for a new professional activity`}
              hint={`Only in the year your professional activity started and the two following years, and only if you had no professional activity in the year before it started (Reglamento del IRPF, art. 101.5.a). After that, ${formatPercent(IRPF_GENERAL_PERCENT)} applies by itself.`}
            />
            <FieldError name="irpfPercent" error={error("irpfPercent")} />
          </div>
          {show.newActivity ? (
            <div className="space-y-3 border-l-2 border-brand-100 pl-4">
              <TextField
                label={hydrated ? "Year your activity started" : `Year your activity started (for ${formatPercent(IRPF_NEW_ACTIVITY_PERCENT)})`}
                name="irpfActivityStartYear"
                defaultValue={initial.irpfActivityStartYear}
                inputMode="numeric"
                placeholder={String(thisYear)}
                className="max-w-48"
                error={error("irpfActivityStartYear")}
              />
              <Checkbox name="irpfNoPriorActivity" checked={initial.irpfPercent === String(IRPF_NEW_ACTIVITY_PERCENT)} error={error("irpfNoPriorActivity")}>
                I had no professional activity in the year before it started
              </Checkbox>
            </div>
          ) : null}
        </Section>
      ) : null}

      <Section title="Address" hint="Where you live (or your company is registered), for invoices, withholding certificates and DAC7 reporting.">
        <TextField
          label="Street and number"
          name="address"
          defaultValue={initial.address}
          maxLength={STREET_MAX}
          autoComplete="street-address"
          error={error("address")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Postal code" name="postalCode" defaultValue={initial.postalCode} autoComplete="postal-code" error={error("postalCode")} />
          <TextField label="City or town" name="city" defaultValue={initial.city} maxLength={CITY_MAX} autoComplete="address-level2" error={error("city")} />
          <TextField
            label="Province or region (optional)"
            name="region"
            defaultValue={initial.region}
            maxLength={REGION_MAX}
            autoComplete="address-level1"
            error={error("region")}
          />
          <CountrySelect name="addressCountry" label="Country" value={initial.addressCountry} countries={countries} error={error("addressCountry")} />
        </div>
      </Section>

      {show.dateOfBirth ? (
        <Section
          title={hydrated ? "Date of birth" : "Date of birth (individuals)"}
          hint="EU reporting rules for platforms (DAC7) ask for it. You must be 18 or over."
        >
          <TextField
            label="Date of birth"
            name="dateOfBirth"
            type="date"
            defaultValue={initial.dateOfBirth}
            autoComplete="bday"
            className="max-w-56"
            error={error("dateOfBirth")}
          />
        </Section>
      ) : null}

      {show.certificate ? (
        <Section
          title={hydrated ? "Certificate of tax residence" : "Certificate of tax residence (if not resident in Spain)"}
          hint="Without one, Spanish non-resident income tax (IRNR) is withheld from your payouts. With a certificate from your country's tax authority, a tax treaty usually reduces or removes it. A PDF, JPEG or PNG of up to 10 MB."
        >
          {certificate ? (
            <p className="text-sm text-neutral-800" data-testid="certificate-on-file">
              A certificate is on file (uploaded {certificate.uploadedAt}). Upload another to replace it.
            </p>
          ) : null}
          <div>
            <label htmlFor="tax-certificate" className="mb-1 block text-sm font-medium text-neutral-800">
              Certificate file
            </label>
            <input
              id="tax-certificate"
              type="file"
              name="certificate"
              accept="application/pdf,image/jpeg,image/png"
              aria-invalid={error("certificate") ? true : undefined}
              aria-describedby={error("certificate") ? "tax-certificate-error" : undefined}
              className="block text-sm file:mr-3 file:rounded-full file:border-0 file:bg-neutral-100 file:px-4 file:py-2 file:font-semibold"
            />
            <FieldError name="certificate" error={error("certificate")} />
          </div>
        </Section>
      ) : null}

      <Section title="Invoices">
        <Checkbox name="selfBilling" checked={initial.selfBilling}>
          I authorise {companyName} to issue invoices in my name and on my behalf (self-billing, under article 5 of Royal Decree 1619/2012), which I can
          download from my Creator Studio, and I will let {companyName} know within 15 days if any of them is wrong.
          <span className="block text-neutral-600">Leave it unticked if you will issue your own invoices for your payouts.</span>
        </Checkbox>
      </Section>

      <IdentityCheck challenge={challenge} errors={{ password: serverErrors?.password, code: serverErrors?.code }} />
      <FormAlert message={serverErrors?.[""]} />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save tax settings"}
      </Button>
    </Form>
  );
}
