import { env } from "~/lib/env.server";
import { siteUrl } from "~/lib/site-url.server";
import type { CompanyInfo } from "./company";

/**
 * The operating company's details, from config (used by the legal pages and
 * receipts). The website address is the one the app itself links with
 * (PUBLIC_URL, else the address this request came to), never a second setting.
 */
export function companyInfo(request: Request): CompanyInfo {
  const e = env();
  return {
    productName: e.PRODUCT_NAME,
    legalName: e.COMPANY_LEGAL_NAME,
    address: e.COMPANY_ADDRESS,
    taxId: e.COMPANY_TAX_ID,
    registry: e.COMPANY_REGISTRY,
    infoEmail: e.INFO_EMAIL,
    privacyEmail: e.PRIVACY_EMAIL,
    publicUrl: siteUrl(request),
  };
}
