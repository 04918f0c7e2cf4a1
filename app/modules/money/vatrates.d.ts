/** The `vatrates` package (2.x) has no types of its own: the part of its API the money room uses. */
declare module "vatrates" {
  class VATCountry {
    getCountryCode(): string;
    getStandardRate(): number | undefined;
  }
  export default class VATRates {
    constructor(date?: Date);
    setDate(date: Date): void;
    isVATCountry(countryCode: string): boolean;
    getCountry(countryCode: string): VATCountry | undefined;
    getStandardRate(countryCode: string): number | undefined;
  }
}
