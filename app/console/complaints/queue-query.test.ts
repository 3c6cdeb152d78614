import { describe, expect, it } from 'vitest'

import {
  parseQueueQuery,
  queueApiSearch,
  queueHref,
  withFilter,
} from './queue-query.ts'
import { withPage } from '#app/console/api/page-param.ts'

describe('the queue URL', () => {
  it('reads filters, page and order from the search params, each on its own', () => {
    const query = parseQueueQuery(
      new URLSearchParams(
        'state=accepted&flag=bogus&deadline=overdue&keyword=%20塔里木%20&page=3',
      ),
    )
    expect(query).toEqual({
      pageNo: 3,
      pageSize: 10,
      sort: 'deadline',
      state: 'accepted',
      deadline: 'overdue',
      keyword: '塔里木',
    })
    expect(parseQueueQuery(new URLSearchParams('page=-1&sort=newest'))).toEqual(
      { pageNo: 1, pageSize: 10, sort: 'newest' },
    )
  })

  it('asks the staff API for exactly the filters chosen', () => {
    expect(
      queueApiSearch(
        parseQueueQuery(new URLSearchParams('flag=clock_paused&page=2')),
      ),
    ).toBe('pageNo=2&pageSize=10&sort=deadline&flag=clock_paused')
  })

  it('goes back to the first page when a filter changes, and leaves defaults out', () => {
    const params = new URLSearchParams('state=accepted&page=4')
    expect(withFilter(params, 'deadline', 'due_today').toString()).toBe(
      'state=accepted&deadline=due_today',
    )
    expect(withFilter(params, 'state', undefined).toString()).toBe('')
    expect(withFilter(params, 'sort', 'deadline').toString()).toBe(
      'state=accepted',
    )
    expect(withPage(params, 1).toString()).toBe('state=accepted')
    expect(withPage(params, 2).toString()).toBe('state=accepted&page=2')
  })

  it('links the dashboard into the queue', () => {
    expect(queueHref({ deadline: 'overdue' })).toBe(
      '/admin/complaints?deadline=overdue',
    )
    expect(queueHref({})).toBe('/admin/complaints')
  })
})
