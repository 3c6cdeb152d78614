export {}
// Component tests find what appears later (findBy…, waitFor) within testing-library's wait,
// 1 s by default: on a loaded two-core machine an antd dialog has taken longer than that to
// mount. A condition that holds ends the wait at once, so a longer bound costs a passing test
// nothing and only lets a slow machine finish.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 10_000 })
}
