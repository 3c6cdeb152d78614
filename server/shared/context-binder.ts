/**
 * Binds steps written as plain functions of a shared context (`step(context, ...args)`) to one
 * context, so that a service composed of such modules offers `step(...args)`: the content
 * workflow and the staff service are built this way.
 */
export function contextBinder<C>(context: C) {
  return <A extends unknown[], R>(step: (context: C, ...args: A) => R) =>
    (...args: A): R =>
      step(context, ...args)
}
