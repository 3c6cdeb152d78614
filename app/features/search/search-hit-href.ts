import { href } from 'react-router'

import type { SearchHit } from '#common/schemas/search.ts'

export function searchHitHref(hit: SearchHit): string {
  switch (hit.type) {
    case 'policy':
      return `${href('/policies/detail')}?id=${hit.refId}`
    case 'download':
      return `${href('/download/detail')}?id=${hit.refId}`
    case 'project':
      return `${href('/business/detail')}?id=${hit.refId}`
    case 'credit':
      return `${href('/credit/detail')}?id=${hit.refId}`
    case 'announcement': {
      const params = new URLSearchParams({ id: String(hit.projectId ?? '') })
      if (hit.stage) params.set('stage', hit.stage)
      return `${href('/business/detail')}?${params.toString()}`
    }
    default:
      return `${href('/index/newDetail')}?id=${hit.refId}`
  }
}
