import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { defineStateMachine, sqlList } from "./state-machine";

const door = defineStateMachine({
  name: "porte",
  transitions: { closed: ["open", "locked"], open: ["closed"], locked: ["closed"], gone: [] },
});

describe("defineStateMachine", () => {
  it("lists the states in order, each by its own name, and the SQL list of its CHECK", () => {
    expect(door.states).toEqual(["closed", "open", "locked", "gone"]);
    expect(door.is.locked).toBe("locked");
    expect(sqlList(door.states)).toBe("'closed', 'open', 'locked', 'gone'");
    expect(sqlList(["a", "b"])).toBe("'a', 'b'");
    expect(door.final).toEqual(["gone"]);
    expect(door.ongoing).toEqual(["closed", "open", "locked"]);
  });

  it("allows only the declared moves", () => {
    expect(door.canMove("closed", "open")).toBe(true);
    expect(door.canMove("open", "locked")).toBe(false);
    expect(door.canMove("closed", "closed")).toBe(false);
    expect(door.canMove("unknown", "closed")).toBe(false);
    expect(door.canMove("toString", "closed")).toBe(false);
    expect(door.sourcesOf("closed")).toEqual(["open", "locked"]);
  });

  it("transition() returns the target of a legal move", () => {
    expect(door.transition("locked", "closed")).toBe("closed");
  });

  it("transition() refuses an illegal move with a French DomainError 409, or the error given", () => {
    const refusal = (() => {
      try {
        door.transition("open", "locked");
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ status: 409, message: "Impossible de passer de « open » à « locked » (porte)." });
    expect(() => door.transition("gone", "open", (from) => new DomainError(`Déjà ${from}`, 422))).toThrow("Déjà gone");
  });
});
