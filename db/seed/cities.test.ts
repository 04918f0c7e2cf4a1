import { describe, expect, it } from "vitest";
import { cityRows, loadGeoNamesCities } from "./cities";

const city = (cityId: number, name: string, country: string, population: number) => ({
  cityId,
  name,
  altName: "",
  country,
  adminCode: "",
  population,
  loc: { coordinates: [2.17, 41.38] as [number, number] },
});

describe("cityRows", () => {
  it("maps GeoNames fields and keeps coordinates in lat/lng order", () => {
    const [row] = cityRows([city(3128760, "Barcelona", "ES", 1_620_343)]);
    expect(row).toMatchObject({ id: 3128760, name: "Barcelona", country: "ES", lat: 41.38, lng: 2.17, slug: "barcelona" });
  });
  it("gives the biggest namesake the plain slug and disambiguates the rest", () => {
    const rows = cityRows([city(2, "Valencia", "VE", 1_400_000), city(1, "Valencia", "ES", 800_000), city(3, "Valencia", "VE", 5000)]);
    expect(rows.map((r) => r.slug)).toEqual(["valencia", "valencia-es", "valencia-ve"]);
  });
  it("slugs non-Latin names by id", () => {
    expect(cityRows([city(7, "東京", "JP", 10)])[0].slug).toBe("city-7");
  });
  it("transliterates names instead of dropping their letters", () => {
    const rows = cityRows([city(3093133, "Łódź", "PL", 768_755), city(712374, "Бережани", "UA", 17_000), city(8256270, "Октябрьский", "BY", 1_200)]);
    expect(rows.map((r) => r.slug)).toEqual(["lodz", "berezhani", "oktyabrskiy"]);
  });
  it("gives every GeoNames city a unique, non-empty slug", () => {
    const slugs = cityRows(loadGeoNamesCities()).map((r) => r.slug);
    expect(slugs.filter((s) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(s))).toEqual([]);
    expect(new Set(slugs).size).toBe(slugs.length);
    // Slugifies all ~150,000 GeoNames rows: seconds of CPU, more on a loaded 2-core runner.
  }, 60_000);
});
