export function contextBinder<C>(context: C) {
  return <A extends unknown[], R>(step: (context: C, ...args: A) => R) =>
    (...args: A): R =>
      step(context, ...args)
}
