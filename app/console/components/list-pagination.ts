// A console list pages as its URL says, at the size the server chose.
export const listPagination = (
  { pageNo, pageSize }: { pageNo: number; pageSize: number },
  total: number,
  unit: string,
  onChange: (pageNo: number) => void,
) => ({
  current: pageNo,
  pageSize,
  total,
  showSizeChanger: false,
  showTotal: (count: number) => `共 ${count} ${unit}`,
  onChange,
})
