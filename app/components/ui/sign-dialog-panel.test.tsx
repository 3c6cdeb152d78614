// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { App, ConfigProvider } from 'antd'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createRegionalHttpApi } from '#app/api/regional-http-api.ts'
import type { SignedFileItem } from '#common/schemas/signing.ts'

import SignDialog from './sign-dialog-panel.tsx'
import type { SignDialogProps } from './sign-dialog.tsx'

const LETTER = {
  id: 'f1',
  name: '投诉书.pdf',
  fullurl: '/files/f1/%E6%8A%95%E8%AF%89%E4%B9%A6.pdf',
}
const SEALED: SignedFileItem = {
  id: 'f2',
  name: '投诉书（已签章）.pdf',
  url: '/files/f2/x.pdf',
  fullurl: '/files/f2/x.pdf',
}

const notSigning = () => Promise.reject(new Error('not a signing call'))

/**
 * The regional transport under the dialog's API: the signing paths' answers as the portal gives
 * them (server/signing/sign-routes.test.ts proves those against the real server; the e2e
 * journey runs both together). A refused call rejects, as the real client does after its toast.
 * Once sealed, the signed file is held, as a slow server holds it, until the test sends it.
 */
function signingServer() {
  const calls: { path: string; query: unknown }[] = []
  let sealed = false
  let send = () => {}
  const sent = new Promise<void>((resolve) => (send = resolve))
  return {
    calls,
    seal: () => (sealed = true),
    /** Sends the signed file: to a request waiting for it, and at once to any later one. */
    send: () => send(),
    base: '/xjApi',
    getBlob: notSigning,
    post: notSigning,
    upload: notSigning,
    get<T>(path: string, query?: unknown): Promise<T> {
      calls.push({ path, query })
      if (path === '/api/xjslts/ca/sign/url')
        return Promise.resolve('/ca/sign?token=t0' as T)
      // Not sealed yet: an empty list, as the portal answers it.
      if (!sealed) return Promise.resolve([] as T)
      const items: SignedFileItem[] = [
        SEALED,
        { ...LETTER, url: LETTER.fullurl },
      ]
      return sent.then(() => items as T)
    },
  }
}

// Without motion a closed dialog leaves the page at once (jsdom never ends an animation).
function Dialog(props: SignDialogProps) {
  return (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <SignDialog {...props} />
      </App>
    </ConfigProvider>
  )
}

function renderDialog(overrides: Partial<SignDialogProps> = {}) {
  const server = signingServer()
  const props: SignDialogProps = {
    open: true,
    info: { ...LETTER, signType: 'complaint' },
    onChange: vi.fn(),
    onClose: vi.fn(),
    client: createRegionalHttpApi(server),
    ...overrides,
  }
  const view = render(<Dialog {...props} />)
  /** The parent closes the dialog (open false) and opens it again. */
  function reopen() {
    for (const open of [false, true])
      view.rerender(<Dialog {...props} open={open} />)
  }
  return { props, server, reopen }
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the signature dialog', () => {
  it('opens the signing page in a new window with the file to sign', async () => {
    const user = userEvent.setup()
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window)
    const { server } = renderDialog()
    expect(screen.getByRole('link', { name: '投诉书.pdf' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '签章' }))
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/ca/sign?token=t0', '_blank'),
    )
    expect(server.calls[0]).toEqual({
      path: '/api/xjslts/ca/sign/url',
      query: {
        uploadUrl: '/xjApi/api/xjslts/ca/sign/upload',
        fileUrl: LETTER.fullurl,
        fileName: '投诉书.pdf',
        fileId: 'f1',
        type: 'complaint',
      },
    })
  })

  it('on 确认 fetches the signed file, marks the file signed and says 签章成功', async () => {
    const user = userEvent.setup()
    const { props, server } = renderDialog()
    await user.click(screen.getByRole('button', { name: '确认' }))
    await waitFor(() => expect(server.calls).toHaveLength(1))
    // Before 签章: said so, and the dialog stays for the person to seal.
    expect(
      await screen.findByText('文件尚未签章，请在签章页面完成签章后再点击确认'),
    ).toBeTruthy()
    expect(props.onChange).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: '电子签章' })).toBeTruthy()

    server.seal()
    // jsdom never ends the loading icon's leave animation: its label stays in the name
    await user.click(screen.getByRole('button', { name: /确认$/ }))
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      '正在获取签章文件…',
    )
    server.send()
    await waitFor(() => expect(props.onChange).toHaveBeenCalledTimes(1))
    expect(vi.mocked(props.onChange).mock.calls[0]).toEqual([
      {
        ...LETTER,
        url: LETTER.fullurl,
        isSign: true,
        signUrl: SEALED.fullurl,
        signedFile: SEALED,
      },
      { noRefresh: false },
    ])
    expect(server.calls.at(-1)).toEqual({
      path: '/api/xjslts/ca/sign/file',
      query: { fileId: 'f1' },
    })
    expect(await screen.findByText('签章成功')).toBeTruthy()
    expect(props.onClose).not.toHaveBeenCalled()
  })

  it('passes noReresh on with the change', async () => {
    const user = userEvent.setup()
    const { props, server } = renderDialog({
      info: { ...LETTER, noReresh: true },
    })
    server.seal()
    server.send()
    await user.click(screen.getByRole('button', { name: '确认' }))
    await waitFor(() =>
      expect(vi.mocked(props.onChange).mock.calls[0]?.[1]).toEqual({
        noRefresh: true,
      }),
    )
  })

  it('offers a link when the browser blocks the new window', async () => {
    const user = userEvent.setup()
    vi.spyOn(window, 'open').mockReturnValue(null)
    renderDialog({ info: { ...LETTER, btnText: '加盖电子印章' } })
    await user.click(screen.getByRole('button', { name: '加盖电子印章' }))
    const link = await screen.findByRole('link', {
      name: '点击此处打开签章页面',
    })
    expect(link.getAttribute('href')).toBe('/ca/sign?token=t0')
  })

  it('closes with 稍后签章 when delaySign is set, and emits close from the close button', async () => {
    const user = userEvent.setup()
    const { props, reopen } = renderDialog({
      info: { ...LETTER, delaySign: true },
    })
    await user.click(screen.getByRole('button', { name: '稍后签章' }))
    expect(props.onClose).toHaveBeenCalledWith('later')
    reopen()
    await user.click(screen.getByRole('button', { name: '关闭' }))
    expect(props.onClose).toHaveBeenCalledWith('cancel')
    expect(props.onChange).not.toHaveBeenCalled()
  })

  it('closes itself on 确认 with the reset flag: the change is emitted, no close', async () => {
    const user = userEvent.setup()
    // A parent that leaves `open` as it is: the dialog closes by itself (spec §4).
    const { props, server } = renderDialog({
      info: { ...LETTER, delaySign: true },
    })
    server.seal()
    server.send()
    await user.click(screen.getByRole('button', { name: '确认' }))
    await waitFor(() => expect(props.onChange).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(props.onClose).not.toHaveBeenCalled()
  })

  it('ends with a close while 确认 waits: the signed file that arrives later changes nothing', async () => {
    const user = userEvent.setup()
    const { props, server } = renderDialog()
    server.seal()
    await user.click(screen.getByRole('button', { name: '确认' }))
    expect(await screen.findByRole('status')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '关闭' }))
    expect(props.onClose).toHaveBeenCalledExactlyOnceWith('cancel')
    // The signed file arrives; the dialog has taken it once the promises waiting for it have
    // run, before the next turn of the event loop.
    await act(async () => {
      server.send()
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(props.onChange).not.toHaveBeenCalled()
    expect(screen.queryByText('签章成功')).toBeNull()
  })

  it('shows the holder with the number masked and sends them to be checked, never as a field to fill', async () => {
    const user = userEvent.setup()
    vi.spyOn(window, 'open').mockReturnValue({} as Window)
    const { server } = renderDialog({
      holder: {
        name: '新疆天山水利建设有限公司',
        idNumber: '91650100MA77XF1234',
        kind: 'organisation',
      },
    })
    expect(screen.getByText('新疆天山水利建设有限公司')).toBeTruthy()
    expect(screen.getByText(/统一社会信用代码 9165\*{10}1234/)).toBeTruthy()
    expect(document.body.textContent).not.toContain('91650100MA77XF1234')
    expect(screen.queryByRole('textbox')).toBeNull()
    await user.click(screen.getByRole('button', { name: '签章' }))
    await waitFor(() => expect(server.calls).toHaveLength(1))
    expect(server.calls[0]?.query).toMatchObject({
      holderName: '新疆天山水利建设有限公司',
      holderIdNumber: '91650100MA77XF1234',
    })
  })

  it('on a phone opens the signing page in this tab, after keeping what must survive, with the way back', async () => {
    const user = userEvent.setup()
    const open = vi.spyOn(window, 'open')
    // A phone's narrow screen.
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('max-width: 767px'),
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    )
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      assign,
    })
    const order: string[] = []
    const onLeave = vi.fn(() => order.push('kept'))
    assign.mockImplementation(() => order.push('left'))
    const { server } = renderDialog({
      sameTab: { returnTo: '/complaint/apply', onLeave },
    })
    expect(screen.getByText(/在本页打开签章页面/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '签章' }))
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/ca/sign?token=t0'),
    )
    expect(order).toEqual(['kept', 'left'])
    expect(open).not.toHaveBeenCalled()
    expect(server.calls[0]?.query).toMatchObject({
      returnUrl: '/complaint/apply',
    })
  })

  it('on a desktop keeps the new window, and offers this tab when the window is blocked', async () => {
    const user = userEvent.setup()
    vi.spyOn(window, 'open').mockReturnValue(null)
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      assign,
    })
    const onLeave = vi.fn()
    const { server } = renderDialog({
      sameTab: { returnTo: '/complaint/apply', onLeave },
    })
    await user.click(screen.getByRole('button', { name: '签章' }))
    await screen.findByRole('link', { name: '点击此处打开签章页面' })
    expect(server.calls[0]?.query).not.toHaveProperty('returnUrl')
    await user.click(screen.getByRole('button', { name: '在本页打开签章页面' }))
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1))
    expect(onLeave).toHaveBeenCalledTimes(1)
    expect(server.calls.at(-1)?.query).toMatchObject({
      returnUrl: '/complaint/apply',
    })
  })

  it('has no 稍后签章 without delaySign', () => {
    renderDialog()
    expect(screen.queryByRole('button', { name: '稍后签章' })).toBeNull()
  })
})
