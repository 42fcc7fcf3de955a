import { DomainError, type Decider } from '@akhada/kit/domain';

/** An example decider: pure (time and ids come in on the command), a union state, exhaustive switches. */
export interface OpenExample {
  type: 'OpenExample';
  data: { exampleId: string; orgId: string; title: string; openedAt: string };
}
export type ExampleCommand = OpenExample;

export interface ExampleOpened {
  type: 'ExampleOpened';
  data: OpenExample['data'];
}
export type ExampleEvent = ExampleOpened;

export type ExampleState = { status: 'None' } | { status: 'Open'; exampleId: string; title: string };

export const exampleStreamId = (exampleId: string): string => `example-${exampleId}`;

const assertNever = (x: never): never => {
  throw new Error(`Unhandled: ${JSON.stringify(x)}`);
};

export const exampleDecider: Decider<ExampleCommand, ExampleEvent, ExampleState> = {
  initialState: () => ({ status: 'None' }),
  decide(command, state) {
    switch (command.type) {
      case 'OpenExample': {
        if (state.status !== 'None') throw new DomainError('CONFLICT', 'This example is already open');
        if (!command.data.title.trim()) throw new DomainError('VALIDATION_FAILED', 'A title is required', 400);
        return [{ type: 'ExampleOpened', data: command.data }];
      }
      default:
        return assertNever(command.type);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ExampleOpened':
        return { status: 'Open', exampleId: event.data.exampleId, title: event.data.title };
      default:
        return state; // events this version does not know change nothing
    }
  },
};
