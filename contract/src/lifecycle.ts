/**
 * A document's lifecycle: the states its `state` column may hold and the moves allowed between
 * them. The server changes a document's state only through this table, so a move it does not
 * list (reversing twice, reopening a reversal) is refused with 409 `invalid_transition`.
 */
export interface Lifecycle<S extends string = string> {
  readonly states: readonly [S, ...S[]];
  /** The state a new document starts in. */
  readonly initial: S;
  readonly transitions: Readonly<Partial<Record<S, readonly S[]>>>;
  canMove(from: S, to: S): boolean;
}

export function defineLifecycle<const S extends string>(spec: {
  states: readonly [S, ...S[]];
  initial?: NoInfer<S>;
  transitions: Partial<Record<NoInfer<S>, readonly NoInfer<S>[]>>;
}): Lifecycle<S> {
  const transitions = spec.transitions as Partial<Record<S, readonly S[]>>;
  return {
    states: spec.states,
    initial: spec.initial ?? spec.states[0],
    transitions,
    canMove: (from, to) => transitions[from]?.includes(to) ?? false,
  };
}
