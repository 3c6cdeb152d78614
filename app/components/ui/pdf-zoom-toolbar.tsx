import {
  ColumnWidthOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons'
import { Button } from 'antd'

import styles from './pdf-viewer.module.css'

// 100 % is the printed size: pdf.js measures pages in points, 72 to the inch, CSS in 96.
const ACTUAL_SIZE = 96 / 72
const ZOOM_STEP = 1.25
const MIN_SCALE = 0.25 * ACTUAL_SIZE
const MAX_SCALE = 4 * ACTUAL_SIZE

type Props = {
  isReady: boolean
  scale: number
  isFit: boolean
  onZoom: (scale: number) => void
  onFit: () => void
}

export function PdfZoomToolbar({
  isReady,
  scale,
  isFit,
  onZoom,
  onFit,
}: Props) {
  const zoomTo = (next: number) =>
    onZoom(Math.min(MAX_SCALE, Math.max(MIN_SCALE, next)))
  const percent = Math.round((scale / ACTUAL_SIZE) * 100)
  return (
    <div role="toolbar" aria-label="缩放" className={styles.toolbar}>
      <Button
        icon={<ZoomOutOutlined aria-hidden />}
        aria-label="缩小"
        title="缩小"
        disabled={!isReady || scale <= MIN_SCALE}
        onClick={() => zoomTo(scale / ZOOM_STEP)}
      />
      <span className={styles.percent} aria-live="polite">
        {isReady ? `${percent}%` : '-'}
      </span>
      <Button
        icon={<ZoomInOutlined aria-hidden />}
        aria-label="放大"
        title="放大"
        disabled={!isReady || scale >= MAX_SCALE}
        onClick={() => zoomTo(scale * ZOOM_STEP)}
      />
      <Button
        icon={<ColumnWidthOutlined aria-hidden />}
        aria-pressed={isFit}
        disabled={!isReady}
        onClick={onFit}
      >
        适合宽度
      </Button>
    </div>
  )
}
