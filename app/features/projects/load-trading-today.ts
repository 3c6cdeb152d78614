import type { PortalApi } from '#common/portal-api.ts'

const HOME_LIST_SIZE = 6

// A module of its own, so the front page loads none of the list's URL contract.
export function loadTradingToday(api: PortalApi) {
  return api.projectHomeSummary({ size: HOME_LIST_SIZE })
}
