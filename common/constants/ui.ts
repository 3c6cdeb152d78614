/** Screen and client timings and limits (spec §9 unless noted). */

export const PAGE_SIZE = 10
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
export const REGIONAL_API_TIMEOUT_MS = 1_000_000
export const UPLOAD_TIMEOUT_MS = 300_000
export const ERROR_TOAST_MS = 5000
export const MAX_UPLOAD_FILES = 999
/**
 * Rich-text editor (spec §9): default height in px, the font-size menu (8pt to 36pt) and the
 * step of its sliders under the arrow keys, in percent of their length.
 */
export const EDITOR_DEFAULT_HEIGHT = 300
export const EDITOR_FONT_SIZES = [
  '8pt',
  '10pt',
  '12pt',
  '14pt',
  '16pt',
  '18pt',
  '24pt',
  '36pt',
] as const
export const EDITOR_SLIDER_STEP_PERCENT = 5

/** Time filters (spec §9); presets count back days (d) or months (m), spec §5. */
export const TIME_PRESETS = [
  { key: 'all', label: '全部' },
  { key: 'today', label: '今天', value: 0, type: 'd' },
  { key: '7d', label: '近7天', value: 7, type: 'd' },
  { key: '1m', label: '近1个月', value: 1, type: 'm' },
  { key: '3m', label: '近3个月', value: 3, type: 'm' },
  { key: '6m', label: '近半年', value: 6, type: 'm' },
  { key: '1y', label: '近1年', value: 12, type: 'm' },
] as const
export type TimePresetKey = (typeof TIME_PRESETS)[number]['key']

/**
 * Filters of a project's dates (registration deadline, bid opening), which lie ahead as often as
 * behind: today, this week (Monday to Sunday, Asia/Shanghai) and the next 30 days from today.
 */
export const SCHEDULE_PRESETS = [
  { key: 'today', label: '今天' },
  { key: 'week', label: '本周' },
  { key: '30d', label: '30天内' },
] as const
export type SchedulePresetKey = (typeof SCHEDULE_PRESETS)[number]['key']
export const SCHEDULE_PRESET_KEYS = SCHEDULE_PRESETS.map((p) => p.key) as [
  SchedulePresetKey,
  ...SchedulePresetKey[],
]
