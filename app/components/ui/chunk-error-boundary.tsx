import { Component, type ReactNode } from 'react'

type Props = { fallback: ReactNode; children: ReactNode }

// spec §8, ChunkLoadError: only the failed part shows a message; the page around it keeps working.
export class ChunkErrorBoundary extends Component<
  Props,
  { hasFailed: boolean }
> {
  override state = { hasFailed: false }

  static getDerivedStateFromError() {
    return { hasFailed: true }
  }

  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children
  }
}
