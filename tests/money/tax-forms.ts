/**
 * The tax settings form as a Spanish individual creator posts it (IRPF 15 %, an address in
 * Madrid), for the money tests; each test adds what it is about (a VAT number, self-billing).
 */
export function spanishTaxForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    taxResidenceCountry: "ES",
    entityType: "individual",
    legalName: "Lucía Fernández Ruiz",
    taxId: "12345678Z",
    irpfPercent: "15",
    address: "Calle Mayor 1",
    postalCode: "28013",
    city: "Madrid",
    addressCountry: "ES",
    dateOfBirth: "1990-05-17",
    ...overrides,
  };
}
