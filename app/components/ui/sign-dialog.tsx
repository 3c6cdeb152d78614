import { lazy, Suspense, useState } from 'react'

import type { SignDialogProps } from './sign-dialog-types.ts'

export type { SignDialogProps, SignHolder } from './sign-dialog-types.ts'

// The dialog (antd's Modal and the signing calls) loads when it is first opened.
const SignDialogPanel = lazy(() => import('./sign-dialog-panel.tsx'))

// Kept once loaded, so that each later opening starts from the state the panel keeps.
export function SignDialog(props: SignDialogProps) {
  const [hasOpened, setHasOpened] = useState(props.open)
  if (props.open && !hasOpened) setHasOpened(true)
  return hasOpened ? (
    <Suspense fallback={null}>
      <SignDialogPanel {...props} />
    </Suspense>
  ) : null
}
