// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { App } from 'antd'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'

import { ComplaintFiledResult } from './complaint-filed.tsx'

afterEach(cleanup)

describe('the filing result', () => {
  it('shows the number and code first and links to the phone lookup for a lost code', () => {
    Element.prototype.scrollIntoView ??= () => undefined
    render(
      <MemoryRouter>
        <App>
          <ComplaintFiledResult
            filed={{
              complaintNo: '202611200003',
              queryCode: 'ABCDEFGH2345',
              receipt: {
                fileName: '投诉回执（202611200003）.pdf',
                url: '/files/r3c31pt/投诉回执（202611200003）.pdf',
              },
            }}
          />
        </App>
      </MemoryRouter>,
    )
    const heading = screen.getByRole('heading', { name: '投诉已提交' })
    // Turned to at once, so a screen reader starts there.
    expect(document.activeElement).toBe(heading)
    const number = screen.getByTestId('complaint-no')
    const warning = screen.getByText('请妥善保管查询码')
    expect(
      number.compareDocumentPosition(warning) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    const link = screen.getByRole('link', { name: '用手机号查询办理进度' })
    expect(link.getAttribute('href')).toBe(
      '/complaint/search?complaintNo=202611200003&by=phone',
    )
    // The sealed 回执 is there to keep at once.
    const receipt = screen.getByRole('link', { name: '投诉回执（PDF）' })
    expect(receipt.getAttribute('href')).toBe(
      '/files/r3c31pt/投诉回执（202611200003）.pdf',
    )
    expect(receipt.getAttribute('download')).toBe(
      '投诉回执（202611200003）.pdf',
    )
  })
})
