import { describe, expect, it } from 'vitest'

import { isReactWorkAfterTeardown } from './react-late-work.ts'

// The stack of the error a full run reported after every test had passed.
const AFTER_TEARDOWN = `TypeError: Right-hand side of 'instanceof' is not an object
    at getActiveElementDeep (/work/main/node_modules/react-dom/cjs/react-dom-client.development.js:3858:17)
    at commitBeforeMutationEffects (/work/main/node_modules/react-dom/cjs/react-dom-client.development.js:14828:14)
    at commitRoot (/work/main/node_modules/react-dom/cjs/react-dom-client.development.js:19581:11)
    at Immediate.performWorkUntilDeadline (/work/main/node_modules/scheduler/cjs/scheduler.development.js:45:48)
    at process.processImmediate (node:internal/timers:574:21)`

describe("React's work after a component file's window is gone", () => {
  it('is told apart by its message and a stack wholly in React and Node', () => {
    expect(
      isReactWorkAfterTeardown({
        message: "Right-hand side of 'instanceof' is not an object",
        stack: AFTER_TEARDOWN,
      }),
    ).toBe(true)
    expect(
      isReactWorkAfterTeardown({
        message: 'window is not defined',
        stack:
          'ReferenceError: window is not defined\n    at runWithFiberInDEV (/w/node_modules/react-dom/cjs/react-dom-client.development.js:1:1)',
      }),
    ).toBe(true)
  })

  it('leaves every other error an error: the portal’s own code, or another message', () => {
    expect(
      isReactWorkAfterTeardown({
        message: 'window is not defined',
        stack: `ReferenceError: window is not defined
    at readDraft (/work/main/app/features/complaint/apply/draft.ts:12:3)
    at commitRoot (/work/main/node_modules/react-dom/cjs/react-dom-client.development.js:19581:11)`,
      }),
    ).toBe(false)
    expect(
      isReactWorkAfterTeardown({
        message: "Cannot read properties of undefined (reading 'id')",
        stack: AFTER_TEARDOWN,
      }),
    ).toBe(false)
    expect(isReactWorkAfterTeardown({ message: 'window is not defined' })).toBe(
      false,
    )
  })
})
