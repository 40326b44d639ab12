import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";

/** Errors that mean the text stops before its end (an unclosed string, comment or number). */
const ENDS_TOO_EARLY = new Set(["UnexpectedEndOfString", "UnexpectedEndOfComment", "UnexpectedEndOfNumber"]);

/**
 * Where JSON text first breaks, from jsonc-parser in strict mode (no
 * comments, no trailing commas). JSON.parse says whether text is valid, but
 * its messages and positions differ between Node versions.
 *
 * Returns null for valid JSON, else the offset of the first bad character
 * (text.length when the text ends too early), or -1 when the nesting is too
 * deep to scan.
 */
export function jsonErrorOffset(text: string): number | null {
  const errors: ParseError[] = [];
  try {
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch {
    return -1; // the parser recurses: a very deep nesting overflows its stack
  }
  const first = errors[0];
  if (!first) return null;
  return ENDS_TOO_EARLY.has(printParseErrorCode(first.error)) ? text.length : first.offset;
}
