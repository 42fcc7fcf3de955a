/**
 * A pure decider: business rules with no I/O, no clock and no randomness (time and ids come in on the command).
 * decide(command, state) → events (or throws DomainError); evolve(state, event) → state.
 */
export interface Decider<Command, Event extends { type: string }, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

export const fold = <Event extends { type: string }, State>(decider: Pick<Decider<never, Event, State>, 'evolve' | 'initialState'>, events: Event[]): State =>
  events.reduce((s, e) => decider.evolve(s, e), decider.initialState());
