// What React's development build throws when work it queued runs after vitest has removed a
// component file's jsdom window: its scheduler posts tasks with Node's setImmediate, and a
// commit then reads window, document or a DOM class that is gone (react/react#37100). In a
// browser the window never goes away, so this says nothing about the portal; the teardown
// (react-teardown.ts) lets such work run before the window goes, and this is for what comes
// later still. Anything else, or the same message from any other code, is still an error.
const DOM_GONE = [
  /^window is not defined$/,
  /^document is not defined$/,
  /^Right-hand side of 'instanceof' is not an object$/,
]
const REACT_FRAME =
  /node_modules\/(react-dom|scheduler)\/cjs\/[\w.-]+\.development\.js/

export function isReactWorkAfterTeardown(error: {
  message?: string
  stack?: string
}): boolean {
  if (!DOM_GONE.some((pattern) => pattern.test(error.message ?? '')))
    return false
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s*(at |❯ )/.test(line))
  return (
    frames.length > 0 &&
    frames.every(
      (frame) => REACT_FRAME.test(frame) || /node:internal\//.test(frame),
    )
  )
}
