/**
 * Where JSON text first breaks, found by a small scanner of the JSON
 * grammar (RFC 8259). JSON.parse says whether text is valid, but its
 * messages and positions differ between Node versions.
 *
 * Returns null for valid JSON, else the offset of the first bad character
 * (text.length when the text ends too early), or -1 when the nesting is too
 * deep to scan.
 */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const fail = (at: number): never => {
    throw new JsonSyntaxAt(at);
  };
  const literal = (word: string) => {
    for (const ch of word) if (text[i++] !== ch) fail(i - 1);
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail(i);
      const ch = text[i];
      if (ch === '"') return void i++;
      if (ch < " ") fail(i);
      if (ch === "\\") {
        const next = text[i + 1];
        if (next === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i);
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else fail(i);
      } else i++;
    }
  };
  let depth = 0;
  const value = (): void => {
    if (++depth > 1000) throw new TooDeep();
    scalarOrContainer();
    depth--;
  };
  const scalarOrContainer = (): void => {
    ws();
    if (i >= text.length) fail(i);
    const ch = text[i];
    if (ch === "{") {
      i++;
      ws();
      if (text[i] === "}") return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail(i);
        string();
        ws();
        if (text[i] !== ":") fail(i);
        i++;
        value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "}") return void i++;
        else fail(i);
      }
    }
    if (ch === "[") {
      i++;
      ws();
      if (text[i] === "]") return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "]") return void i++;
        else fail(i);
      }
    }
    if (ch === '"') return string();
    if (ch === "t") return literal("true");
    if (ch === "f") return literal("false");
    if (ch === "n") return literal("null");
    const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!number) fail(i);
    i += number![0].length;
  };
  try {
    value();
    ws();
    return i < text.length ? i : null;
  } catch (error) {
    if (error instanceof JsonSyntaxAt) return Math.min(error.at, text.length);
    if (error instanceof TooDeep) return -1;
    throw error;
  }
}

class TooDeep {}

class JsonSyntaxAt {
  constructor(readonly at: number) {}
}
