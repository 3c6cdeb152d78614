import { useCallback } from 'react'

import type { UploadRequest } from '#app/api/upload-request.ts'

import type { ContentApi } from './content-api.ts'
import { fileRecordOf, IMAGE_TYPES } from './content-form-values.ts'
import type { Uploads } from './kinds/kind-form.ts'

export function useContentUploads(
  calls: Pick<ContentApi, 'upload' | 'projects'>,
) {
  // A picture (the cover, one in the body) is refused by the server unless it is one.
  const uploadFile =
    (type: 0 | 1): UploadRequest =>
    async (file, options) =>
      fileRecordOf(
        await calls.upload(file, {
          ...options,
          accept: type === 0 ? IMAGE_TYPES : undefined,
        }),
        type,
      )
  const uploads: Uploads = {
    attachment: uploadFile(1),
    picture: uploadFile(0),
    image: async (file, onProgress) =>
      (await calls.upload(file, { onProgress, accept: IMAGE_TYPES })).location,
  }
  const findProjects = useCallback(
    async (keyword: string) =>
      (
        await calls.projects({
          keyword: keyword.trim() || undefined,
          pageNo: 1,
          pageSize: 20,
        })
      ).items,
    [calls],
  )
  return { uploads, findProjects }
}
