import { describe, expect, it } from "vitest";
import {
  DEFAULT_STEPS,
  DEFAULT_TESTIMONIALS,
  HOME_BLOCK_DEFAULTS,
  HERO_SUBTITLE_BY_LAUNCH,
  HERO_SUBTITLE_DEFAULT,
  heroSubtitleForLaunch,
  LIVE_CASHBACK_STEP,
  SOON_CASHBACK_STEP,
  stepsForLaunch,
  parseSteps,
  parseTestimonials,
} from "./home-defaults";

const block = (name: string) => {
  const b = HOME_BLOCK_DEFAULTS.find((x) => x.name === name);
  if (!b) throw new Error(`missing block ${name}`);
  return b;
};

describe("home block defaults", () => {
  it("has the names and positions of the spec's home blocks (plus hero-subtitle)", () => {
    const byName = Object.fromEntries(HOME_BLOCK_DEFAULTS.map((b) => [b.name, b.position]));
    expect(byName).toEqual({
      hero: 0,
      "hero-subtitle": 3,
      "how-it-works-title": 10,
      "how-it-works-description": 11,
      "how-it-works-steps": 12,
      "how-it-works-disclaimer": 13,
      "testimonials-title": 20,
      "testimonials-description": 21,
      "testimonials-list": 22,
      "testimonials-footer": 23,
    });
    expect(HOME_BLOCK_DEFAULTS.every((b) => b.page === "home")).toBe(true);
    // the hero's figures are counted in the database, never typed (issue #11)
    expect(HOME_BLOCK_DEFAULTS.map((b) => b.name)).not.toContain("stats");
  });

  it("has the types and contents the spec describes", () => {
    expect(block("hero").type).toBe("html");
    const tags = [...block("hero").content.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1].toLowerCase());
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.every((t) => ["span", "strong", "em", "br"].includes(t))).toBe(true);
    for (const name of ["how-it-works-steps", "testimonials-list"]) expect(block(name).type).toBe("json");

    const steps = parseSteps(block("how-it-works-steps").content);
    expect(steps.fellBack).toBe(false);
    expect(steps.value.map((s) => s.icon)).toEqual(["Mouse", "ShoppingCart", "Heart", "CreditCard"]);
    expect(steps.value.map((s) => s.title)).toEqual(["Tu cliques", "Tu shootes", "Tu kiffes", "Tu récupères"]);
    expect(steps.value[3].description).toMatch(/10€/);
    expect(steps.value[3].description).toMatch(/compte bancaire/);

    const testimonials = parseTestimonials(block("testimonials-list").content);
    expect(testimonials.fellBack).toBe(false);
    expect(testimonials.value).toHaveLength(3);
    expect(testimonials.value.every((t) => t.rating === 5 && t.id && t.author && t.content)).toBe(true);

    // no member count nobody measured (issue #11 item 5)
    expect(block("testimonials-footer").content).not.toMatch(/\d/);
    expect(block("hero-subtitle").content).not.toMatch(/\d/);
    expect(block("how-it-works-disclaimer").content).toMatch(/varient selon les marques/);
  });
});

describe("home block parsers", () => {
  it("returns the parsed array when the JSON is valid", () => {
    expect(parseSteps('[{"icon":"Heart","title":"x","description":"y"}]')).toEqual({
      value: [{ icon: "Heart", title: "x", description: "y" }],
      fellBack: false,
    });
    expect(parseTestimonials('[{"id":"1","content":"x","author":"y","rating":5}]').fellBack).toBe(false);
  });

  it("falls back on missing content", () => {
    expect(parseSteps("")).toEqual({ value: DEFAULT_STEPS, fellBack: true });
    expect(parseSteps(null)).toEqual({ value: DEFAULT_STEPS, fellBack: true });
    expect(parseTestimonials(undefined)).toEqual({ value: DEFAULT_TESTIMONIALS, fellBack: true });
  });

  it("falls back on malformed JSON", () => {
    expect(parseSteps("{oops").fellBack).toBe(true);
    expect(parseSteps("[{").value).toBe(DEFAULT_STEPS);
    expect(parseTestimonials("not json").value).toBe(DEFAULT_TESTIMONIALS);
  });

  it("falls back on wrong shapes", () => {
    expect(parseSteps('{"icon":"Heart","title":"x","description":"y"}').fellBack).toBe(true); // not an array
    expect(parseSteps("[]").fellBack).toBe(true); // empty
    expect(parseSteps('[{"icon":"Heart","title":1,"description":"y"}]').fellBack).toBe(true);
    expect(parseSteps("[null]").fellBack).toBe(true);
    expect(parseSteps('[{"icon":"Rocket","title":"x","description":"y"}]').fellBack).toBe(true); // unknown icon
    expect(parseSteps('[{"icon":"Heart","title":"x"}]').fellBack).toBe(true); // missing description
    expect(parseTestimonials('[{"id":"1","content":"x","author":"y","rating":9}]').fellBack).toBe(true); // rating > 5
    expect(parseTestimonials('[{"id":"1","content":"x","author":"y","rating":"5"}]').fellBack).toBe(true);
    expect(parseTestimonials("[]").fellBack).toBe(true);
    // one bad item spoils the list: never render half-valid data
    expect(parseSteps('[{"icon":"Heart","title":"x","description":"y"},{"icon":"Heart","title":"z"}]').value).toBe(DEFAULT_STEPS);
  });
});

describe("parseTestimonials ids", () => {
  it("requires an id and normalises numeric ids to strings", () => {
    expect(parseTestimonials('[{"content":"x","author":"y","rating":5}]').fellBack).toBe(true);
    expect(parseTestimonials('[{"id":7,"content":"x","author":"y","rating":5}]')).toEqual({
      value: [{ id: "7", content: "x", author: "y", rating: 5 }],
      fellBack: false,
    });
  });
});

describe("step 4 once cashback is launched (issue #12 item 8)", () => {
  it("is the copy to come before launch, the live copy after, and an admin's own step 4 always wins", () => {
    const soon = stepsForLaunch(DEFAULT_STEPS, false);
    expect(soon.slice(0, 3)).toEqual(DEFAULT_STEPS.slice(0, 3));
    expect(soon[3]).toEqual(SOON_CASHBACK_STEP);
    const live = stepsForLaunch(DEFAULT_STEPS, true);
    expect(live.slice(0, 3)).toEqual(DEFAULT_STEPS.slice(0, 3));
    expect(live[3]).toEqual(LIVE_CASHBACK_STEP);
    expect(live[3].description).toMatch(/Mon cashback/);
    expect(live[3].description).toMatch(/10€/);
    const edited = DEFAULT_STEPS.map((s, i) => (i === 3 ? { ...s, description: "Versé chaque mois." } : s));
    expect(stepsForLaunch(edited, true)).toEqual(edited);
    expect(stepsForLaunch(edited, false)).toEqual(edited);
    expect(stepsForLaunch(DEFAULT_STEPS.slice(0, 3), true)).toEqual(DEFAULT_STEPS.slice(0, 3));
  });
});

describe("hero subtitle in both states of the launch (issue #34 item 4)", () => {
  it("shows the default of the current state, reads the earlier seeded text as the default, and leaves an admin's text alone", () => {
    expect(HERO_SUBTITLE_DEFAULT).toBe(HERO_SUBTITLE_BY_LAUNCH.soon);
    for (const stored of Object.values(HERO_SUBTITLE_BY_LAUNCH)) {
      expect(heroSubtitleForLaunch(stored, true)).toBe(HERO_SUBTITLE_BY_LAUNCH.live);
      expect(heroSubtitleForLaunch(stored, false)).toBe(HERO_SUBTITLE_BY_LAUNCH.soon);
    }
    const earlier = "Codes promo vérifiés, deals du jour et bientôt du cashback sur tes marques partenaires. Rejoins les crevardes qui ne paient jamais le prix fort.";
    expect(heroSubtitleForLaunch(earlier, true)).toBe(HERO_SUBTITLE_BY_LAUNCH.live);
    expect(heroSubtitleForLaunch(earlier, false)).toBe(HERO_SUBTITLE_BY_LAUNCH.soon);
    expect(heroSubtitleForLaunch("Mon texte à moi.", true)).toBe("Mon texte à moi.");
    expect(HERO_SUBTITLE_BY_LAUNCH.live).not.toMatch(/bientôt|en attendant/i);
  });
});
