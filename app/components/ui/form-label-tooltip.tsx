import type { TooltipProps } from 'antd'
import { lazy, Suspense } from 'react'

// What antd's form labels import as their Tooltip in the browser build (scripts/
// form-label-tooltip.ts): the tooltip of a label's `tooltip` prop, which no portal form sets,
// loaded only if one is drawn. Imported statically, it brought the tooltip, its arrow, motion and
// colour presets (about 17 KB compressed) to every page with a form.
const Tooltip = lazy(() => import('antd/es/tooltip'))

export default function FormLabelTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  )
}
