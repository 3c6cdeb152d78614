import type { FormInstance } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useRouteLoaderData } from 'react-router'

import type { ContentKind } from '#common/schemas/content/registry.ts'

import type { ContentFormValues } from './content-form-values.ts'

/** How long after the last key press the text is written down in the browser. */
const WRITE_AFTER_MS = 800
/** A draft older than this is not offered back: the item has surely moved on. */
const KEEP_MS = 7 * 24 * 3600_000

export type LocalDraft = { at: number; values: ContentFormValues }

const keyOf = (accountId: number, kind: ContentKind, itemId: number | null) =>
  `console-draft:${accountId}:${kind}:${itemId ?? 'new'}`

function read(key: string): LocalDraft | null {
  try {
    const text = localStorage.getItem(key)
    if (!text) return null
    const draft = JSON.parse(text) as LocalDraft
    return Date.now() - draft.at < KEEP_MS ? draft : null
  } catch {
    return null
  }
}

/**
 * What is typed in the content editor, kept in this browser until it is saved: after a crash,
 * a closed tab or a session that ended, the editor offers it back. Content is public once
 * published, so it may rest in the browser; a complaint's drafts, with personal data, are kept
 * on the server instead (保存草稿).
 */
export function useLocalDraft({
  kind,
  itemId,
  form,
  initial,
}: {
  kind: ContentKind
  itemId: number | null
  form: FormInstance<ContentFormValues>
  // What the editor opened with: a kept draft equal to it is not offered.
  initial: ContentFormValues
}) {
  const layout = useRouteLoaderData('admin') as
    { account?: { id: number } } | undefined
  const accountId = layout?.account?.id ?? null
  const key = accountId === null ? null : keyOf(accountId, kind, itemId)
  const [offered, setOffered] = useState<LocalDraft | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const initialText = useRef(JSON.stringify(initial))

  useEffect(() => {
    if (!key) return
    const kept = read(key)
    if (kept && JSON.stringify(kept.values) !== initialText.current)
      setOffered(kept)
  }, [key])

  const write = useCallback(() => {
    if (!key) return
    try {
      const draft: LocalDraft = {
        at: Date.now(),
        values: form.getFieldsValue(true) as ContentFormValues,
      }
      localStorage.setItem(key, JSON.stringify(draft))
    } catch {
      // storage full or refused: the server's draft is the only one, as before
    }
  }, [key, form])

  // Written shortly after typing stops, and at once when the page goes away.
  const noteChange = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = setTimeout(write, WRITE_AFTER_MS)
  }, [write])
  useEffect(() => {
    const flush = () => {
      if (timer.current === undefined) return
      clearTimeout(timer.current)
      timer.current = undefined
      write()
    }
    window.addEventListener('pagehide', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [write])

  const forget = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = undefined
    setOffered(null)
    if (!key) return
    try {
      localStorage.removeItem(key)
    } catch {
      // nothing kept, nothing to forget
    }
  }, [key])

  return {
    offered,
    noteChange,
    forget,
    // The kept text into the form; it stays kept until saved.
    takeBack: () => {
      if (!offered) return
      form.setFieldsValue(offered.values)
      setOffered(null)
    },
    dismiss: forget,
  }
}
