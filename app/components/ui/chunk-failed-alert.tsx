import { Alert } from 'antd'

// Apart from the boundary, which controls of a page's first view use too, without bringing
// antd's Alert.
export function ChunkFailedAlert({ text }: { text: string }) {
  return <Alert type="error" showIcon title="组件加载失败" description={text} />
}
