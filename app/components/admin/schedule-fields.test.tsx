import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { duplicateRow } from "#app/modules/admin/duplicate";
import { ScheduleFields } from "./schedule-fields";

/** The `datetime-local` values the two fields start from. */
const startValues = (html: string) => Object.fromEntries([...html.matchAll(/<input[^>]*name="(publishAt|unpublishAt)"[^>]*>/g)].map((m) => [m[1], /value="([^"]*)"/.exec(m[0])?.[1] ?? ""]));

describe("« Publier le » / « Dépublier le » of a copy (issue #37 item 3)", () => {
  it("start from the copy's schedule, in Paris time, so a copy of a code scheduled for 2030 is scheduled for 2030 too", () => {
    const original = { code: "NOEL30", publishAt: "2030-06-15T07:30:00.000Z", unpublishAt: "2030-12-31T22:00:00.000Z" };
    const html = renderToStaticMarkup(<ScheduleFields values={duplicateRow(original, { cleared: ["code"] })} errors={{}} />);
    expect(startValues(html)).toEqual({ publishAt: "2030-06-15T09:30", unpublishAt: "2030-12-31T23:00" });
  });

  it("start empty for a new row", () => {
    expect(startValues(renderToStaticMarkup(<ScheduleFields values={null} errors={{}} />))).toEqual({ publishAt: "", unpublishAt: "" });
  });
});
