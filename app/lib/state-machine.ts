import { DomainError } from "./errors";

/**
 * One status column's state machine (issue #36 item 4, ADR 045): its states,
 * the moves allowed between them, the SQL `in (…)` list of its CHECK
 * constraint, and the `transition()` every status change goes through. A
 * machine knows no table: the schema and the domain module both read it.
 */
export interface StateMachine<S extends string> {
  readonly name: string;
  /** every state, in declaration order (never empty, as z.enum wants) */
  readonly states: readonly [S, ...S[]];
  /** each state by its own name, for typed comparisons: `machine.is.paid` */
  readonly is: { readonly [K in S]: K };
  /** the states no move leaves */
  readonly final: readonly S[];
  /** the states some move still leaves */
  readonly ongoing: readonly S[];
  canMove(from: string, to: S): boolean;
  /** the states from which `to` may be reached */
  sourcesOf(to: S): readonly S[];
  /**
   * The move `from` → `to`, or a refusal: the error `refuse` builds, else a
   * DomainError 409 in French. Returns `to`, for the update that follows.
   */
  transition(from: string, to: S, refuse?: (from: string, to: S) => Error): S;
}

/** `'a', 'b'`: states as the list inside an SQL `in (…)` (a state is a plain identifier, never quoted input). */
export const sqlList = (states: readonly string[]) => states.map((s) => `'${s}'`).join(", ");

export type StateOf<M> = M extends StateMachine<infer S> ? S : never;

export function defineStateMachine<const S extends string>(definition: {
  name: string;
  transitions: { readonly [K in S]: readonly NoInfer<S>[] };
}): StateMachine<S> {
  const { name, transitions } = definition;
  const states = Object.keys(transitions) as [S, ...S[]];
  const is = Object.fromEntries(states.map((s) => [s, s])) as { [K in S]: K };
  const canMove = (from: string, to: S) => (Object.hasOwn(transitions, from) ? transitions[from as S].includes(to) : false);
  return {
    name,
    states,
    is,
    final: states.filter((s) => transitions[s].length === 0),
    ongoing: states.filter((s) => transitions[s].length > 0),
    canMove,
    sourcesOf: (to: S) => states.filter((s) => transitions[s].includes(to)),
    transition(from, to, refuse) {
      if (canMove(from, to)) return to;
      throw refuse ? refuse(from, to) : new DomainError(`Impossible de passer de « ${from} » à « ${to} » (${name}).`, 409);
    },
  };
}
