/**
 * Identity and contact details of the operator, interpolated into the legal
 * documents. Values come from configuration; this module only declares the shape.
 */
export interface CompanyInfo {
  /** Public product name, e.g. "Spotfolio". */
  productName: string;
  /** Registered company name of the Sociedad Limitada, e.g. "Spotfolio Maps, S.L.". */
  legalName: string;
  /** Registered office (domicilio social), as one line. */
  address: string;
  /** Spanish tax identification number (NIF). */
  taxId: string;
  /** Mercantile Registry entry, e.g. "Registro Mercantil de Madrid, Tomo ..., Folio ..., Hoja ...". */
  registry: string;
  /** General contact address. */
  infoEmail: string;
  /** Address for data-protection requests. */
  privacyEmail: string;
  /** Public base URL of the website, e.g. "https://spotfolio.example". */
  publicUrl: string;
}
