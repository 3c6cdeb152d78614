import { data } from 'react-router'

import { ALERT_FILTER_FIELDS } from '#common/alert-filters.ts'
import {
  ALERT_MESSAGES,
  ALERT_OUTCOMES,
  ALERT_TOKEN_PATTERN,
  type AlertOutcome,
} from '#common/constants/alerts.ts'
import { AlertFiltersSchema } from '#common/schemas/alerts.ts'

import { outcomeOf } from './alert-outcome.tsx'

const PAGE_OUTCOMES = {
  subscribe: [
    'requested',
    'bad-email',
    'bad-frequency',
    'bad-filters',
    'no-keyword',
    'too-many',
  ],
  confirm: ['confirmed', 'invalid', 'expired', 'too-many'],
  unsubscribe: ['unsubscribed', 'invalid-unsubscribe', 'too-many'],
} satisfies Record<string, AlertOutcome[]>

export const ALERT_SUBSCRIBE_PARAMS = [
  ...ALERT_FILTER_FIELDS,
  'outcome',
] as const
export const ALERT_LINK_PARAMS = ['token', 'outcome'] as const

function pageOutcome(
  page: keyof typeof PAGE_OUTCOMES,
  params: URLSearchParams,
) {
  const outcome = outcomeOf(params.get('outcome'))
  return outcome && (PAGE_OUTCOMES[page] as string[]).includes(outcome)
    ? outcome
    : null
}

export function readSubscribePage(params: URLSearchParams) {
  const outcome = pageOutcome('subscribe', params)
  const parsed = AlertFiltersSchema.safeParse(
    Object.fromEntries(
      ALERT_FILTER_FIELDS.map((f) => [f, params.get(f) ?? '']),
    ),
  )
  if (!parsed.success) {
    const message =
      parsed.error.issues[0]?.message === ALERT_MESSAGES.noKeyword
        ? ALERT_MESSAGES.noKeyword
        : ALERT_MESSAGES.badFilters
    return data({ filters: null, outcome, message }, { status: 400 })
  }
  const refusal =
    outcome && outcome !== 'requested'
      ? ALERT_MESSAGES[ALERT_OUTCOMES[outcome]]
      : null
  return { filters: parsed.data, outcome, message: refusal }
}

export function readLinkPage(
  page: 'confirm' | 'unsubscribe',
  params: URLSearchParams,
) {
  const outcome = pageOutcome(page, params)
  if (outcome) return { outcome, token: null }
  const token = params.get('token') ?? ''
  if (!ALERT_TOKEN_PATTERN.test(token))
    return data({ outcome: null, token: null }, { status: 400 })
  return { outcome: null, token }
}
