// TinyMCE, bundled and served from our own origin (the CSP allows no other): the core first,
// so that the model, theme, icons, plugins, skins and language pack find the global it sets.
import 'tinymce/tinymce.js'
import 'tinymce/models/dom/model.js'
import 'tinymce/themes/silver/theme.js'
import 'tinymce/icons/default/icons.js'
import 'tinymce/plugins/autolink/plugin.js'
import 'tinymce/plugins/image/plugin.js'
import 'tinymce/plugins/link/plugin.js'
import 'tinymce/plugins/lists/plugin.js'
import 'tinymce/plugins/table/plugin.js'
// Skins registered as resources: TinyMCE adds them as <style>, with no request for a .css file.
import 'tinymce/skins/ui/oxide/skin.js'
import 'tinymce/skins/ui/oxide/content.js'
import 'tinymce/skins/content/default/content.js'
import 'tinymce-i18n/langs8/zh-CN.js'

import { Editor } from '@tinymce/tinymce-react'
import { useEffect, useRef } from 'react'

import {
  EDITOR_DEFAULT_HEIGHT,
  EDITOR_FONT_SIZES,
} from '#common/constants/ui.ts'

export type TinymceEditorProps = {
  id?: string
  value?: string
  onChange?: (html: string) => void
  height?: number
  // Without it the editor offers no image upload.
  uploadImage?: (
    file: File,
    onProgress: (percent: number) => void,
  ) => Promise<string>
  ariaLabel: string
  disabled?: boolean
  onReady: (focusAtEnd: () => void) => void
}

const TOOLBAR = [
  'undo redo',
  'fontsize',
  'bold italic underline strikethrough',
  'forecolor backcolor',
  'alignleft aligncenter alignright alignjustify',
  'bullist numlist outdent indent',
  'link table',
  'removeformat',
]

export default function TinymceEditor({
  id,
  value,
  onChange,
  height = EDITOR_DEFAULT_HEIGHT,
  uploadImage,
  ariaLabel,
  disabled,
  onReady,
}: TinymceEditorProps) {
  // The React integration listens to change, keyup and compositionend; text put in without a
  // key (dictation, autocorrect, a drop) fires only `input`, which must reach the form too.
  const latestOnChange = useRef(onChange)
  useEffect(() => {
    latestOnChange.current = onChange
  })
  const toolbar = uploadImage
    ? TOOLBAR.map((group) =>
        group === 'link table' ? 'link image table' : group,
      )
    : TOOLBAR
  return (
    <Editor
      id={id}
      licenseKey="gpl"
      value={value ?? ''}
      disabled={disabled}
      onEditorChange={(html) => onChange?.(html)}
      onInit={(_event, editor) => {
        // The editing iframe carries the field's name (axe frame-title); TinyMCE's aria-label
        // on the iframe's <body> is not allowed there (axe aria-prohibited-attr).
        editor.iframeElement?.setAttribute('title', ariaLabel)
        editor.getBody().removeAttribute('aria-label')
        // Whoever was typing in the plain field goes on after what they wrote.
        onReady(() => {
          editor.focus()
          editor.selection.select(editor.getBody(), true)
          editor.selection.collapse(false)
        })
      }}
      init={{
        height,
        language: 'zh-CN',
        menubar: false,
        branding: false,
        promotion: false,
        statusbar: true,
        elementpath: false,
        skin_url: 'default',
        content_css: 'default',
        plugins: ['autolink', 'image', 'link', 'lists', 'table'],
        toolbar: toolbar.join(' | '),
        // A phone gets one row and a 更多 button, leaving room to write.
        toolbar_mode: window.innerWidth < 600 ? 'sliding' : 'wrap',
        font_size_formats: EDITOR_FONT_SIZES.join(' '),
        setup: (editor) => {
          editor.on('input', () =>
            latestOnChange.current?.(editor.getContent()),
          )
        },
        // Links and images keep the address they were given.
        convert_urls: false,
        // Pasted or dropped images are uploaded too, never kept inline as data: URLs.
        automatic_uploads: true,
        paste_data_images: Boolean(uploadImage),
        image_uploadtab: Boolean(uploadImage),
        images_upload_handler: uploadImage
          ? (blobInfo, progress) =>
              uploadImage(
                new File([blobInfo.blob()], blobInfo.filename(), {
                  type: blobInfo.blob().type,
                }),
                progress,
              ).catch((error: unknown) =>
                // TinyMCE shows `message` and drops the image that failed.
                Promise.reject({
                  message:
                    error instanceof Error ? error.message : String(error),
                  remove: true,
                }),
              )
          : undefined,
      }}
    />
  )
}
