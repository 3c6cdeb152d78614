import { Alert } from 'antd'

/**
 * What a lazily loaded part says in its place when it failed to load (ChunkErrorBoundary's
 * fallback). Apart from the boundary, which controls of a page's first view use too, without
 * bringing antd's Alert.
 */
export function ChunkFailedAlert({ text }: { text: string }) {
  return <Alert type="error" showIcon title="组件加载失败" description={text} />
}
