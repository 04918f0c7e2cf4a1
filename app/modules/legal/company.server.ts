import type { CompanyInfo } from "./company";
import { env } from "~/lib/env.server";

/** The operating company's details, from config (used by the legal pages). */
export function companyInfo(): CompanyInfo {
  const e = env();
  return {
    productName: e.PRODUCT_NAME,
    legalName: e.COMPANY_LEGAL_NAME,
    address: e.COMPANY_ADDRESS,
    taxId: e.COMPANY_TAX_ID,
    registry: e.COMPANY_REGISTRY,
    infoEmail: e.INFO_EMAIL,
    privacyEmail: e.PRIVACY_EMAIL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
  };
}
