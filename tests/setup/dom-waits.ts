export {}
// Component tests find what appears later (findBy…, waitFor) within testing-library's wait,
// 1 s by default: on a loaded two-core machine an antd dialog has taken longer than that to
// mount, and with five processes to a core (a shuffled run beside other work) a lazily loaded
// antd Result took over 5 s. A condition that holds ends the wait at once, so a longer bound
// costs a passing test nothing and only lets a slow machine finish.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 30_000 })
}
