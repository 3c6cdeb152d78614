import { useState } from 'react'

// A select that asks the server as one types: each keyword typed waits for its own answer, so
// the list shows 加载中 until then instead of the last keyword's options.
export function useTypedSearch() {
  const [keyword, setKeyword] = useState('')
  const [isLoading, setIsLoading] = useState(true)
  const showSearch = {
    filterOption: false,
    onSearch: (text: string) => {
      setIsLoading(true)
      setKeyword(text)
    },
  }
  return { keyword, isLoading, setIsLoading, showSearch }
}
