import { describe, expect, it } from "vitest";
import routes from "#app/routes";
import { routeFirstSegments } from "#tests/helpers/route-segments";
import { ROUTE_FIRST_SEGMENTS } from "./reserved-slugs.server";

describe("reserved page slugs", () => {
  it("list exactly the first segments of app/routes.ts (add a route, add its segment)", () => {
    const derived = [...new Set(routeFirstSegments(routes))].sort();
    expect([...ROUTE_FIRST_SEGMENTS].sort()).toEqual(derived);
  });

  it("are read without the route config at run time", async () => {
    const fs = await import("node:fs");
    const source = fs.readFileSync(new URL("./reserved-slugs.server.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/@react-router\/dev|from "~\/routes"|\.\.\/\.\.\/routes/);
  });
});
