import { Tag } from 'antd'
import type { ReactNode } from 'react'

import { useDisplayMode } from '#app/components/layout/display-mode.tsx'

// antd's status colours put light text on a light background (about 3:1), below WCAG AA; these
// keep the hues at 4.5:1 or more, and at 7:1 or more in the 适老化 mode (WCAG 1.4.6).
export type StatusTone = 'info' | 'success' | 'warning' | 'danger' | 'neutral'

const TONES: Record<
  StatusTone,
  { color: string; background: string; borderColor: string }
> = {
  info: { color: '#0b5cad', background: '#e6f4ff', borderColor: '#91caff' },
  success: { color: '#237804', background: '#f6ffed', borderColor: '#b7eb8f' },
  warning: { color: '#ad4e00', background: '#fff7e6', borderColor: '#ffd591' },
  danger: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  neutral: {
    color: 'rgba(0, 0, 0, 0.78)',
    background: '#fafafa',
    borderColor: '#d9d9d9',
  },
}

const ELDER_TONES: typeof TONES = {
  info: { color: '#063a6e', background: '#e6f4ff', borderColor: '#4096ff' },
  success: { color: '#135200', background: '#f6ffed', borderColor: '#52c41a' },
  warning: { color: '#612500', background: '#fff7e6', borderColor: '#fa8c16' },
  danger: { color: '#820014', background: '#fff1f0', borderColor: '#ff4d4f' },
  neutral: {
    color: 'rgba(0, 0, 0, 0.88)',
    background: '#fafafa',
    borderColor: '#8c8c8c',
  },
}

export function StatusTag({
  tone,
  className,
  children,
}: {
  tone: StatusTone
  className?: string
  children: ReactNode
}) {
  const tones = useDisplayMode() === 'elder' ? ELDER_TONES : TONES
  return (
    <Tag variant="outlined" className={className} style={tones[tone]}>
      {children}
    </Tag>
  )
}
