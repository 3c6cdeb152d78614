// Before any schema is used: zod checks whether it may compile parsers with eval.
import '#app/components/ui/zod-without-eval.ts'
import { StyleProvider } from '@ant-design/cssinjs'
import { ConfigProvider } from 'antd'
import zhCN from 'antd/es/locale/zh_CN'
import type { ReactNode } from 'react'
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from 'react-router'

import { clientConfigContext } from '#app/api/router-context.ts'
import { ComplaintNoticeProvider } from '#app/features/complaint/complaint-notice.tsx'
import { AppFeedbackProvider } from '#app/components/ui/app-feedback.tsx'
import { BUTTON_CONFIG } from '#app/components/ui/button-config.tsx'
import { ErrorPage } from '#app/components/ui/error-page.tsx'
import { StepsBeforePaint } from '#app/components/ui/steps-before-paint.tsx'
import {
  DisplayModeProvider,
  DisplayModeStylesheet,
  displayModeAttributes,
} from '#app/components/layout/display-mode.tsx'
import { elderTheme, theme, THEME_SCOPE } from '#app/components/layout/theme.ts'
import { useChunkLoadGuard } from '#app/components/ui/use-chunk-load-guard.ts'
import { useVersionCheck } from '#app/components/ui/use-version-check.ts'
import { siteSettingsOf } from '#app/components/layout/site-settings.ts'
import { CLIENT_CONFIG_ELEMENT_ID } from '#common/client-config.ts'
import { type DisplayMode, displayModeOf } from '#common/display-mode.ts'

import type { Route } from './+types/root'
// antd's theme variables and shared styles; each component's styles come with its code.
import './styles/antd.generated/base.css'
import './styles/global.css'

// antd's styles come pre-built (scripts/extract-antd-css.ts): nothing is generated per render.
const runtimeTheme = { ...theme, zeroRuntime: true }
const runtimeElderTheme = { ...elderTheme, zeroRuntime: true }

export function loader({ context, request }: Route.LoaderArgs) {
  return data({
    clientConfig: context.get(clientConfigContext),
    // The page cache keeps a page per display mode (server/pages/page-cache-key.ts).
    displayMode: displayModeOf(request.headers.get('cookie')),
  })
}

// The configuration and the site settings are read again with the next page loaded, not
// while one is open.
export function shouldRevalidate() {
  return false
}

// The staff console keeps its standard look in every display mode.
const isConsolePath = (pathname: string) => /^\/admin(?:\/|$)/.test(pathname)

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const { pathname } = useLocation()
  return (
    <DisplayModeProvider
      chosen={rootData?.displayMode ?? 'standard'}
      applies={!isConsolePath(pathname)}
    >
      {(mode) => (
        <Document mode={mode} rootData={rootData}>
          {children}
        </Document>
      )}
    </DisplayModeProvider>
  )
}

function Document({
  mode,
  rootData,
  children,
}: {
  mode: DisplayMode
  rootData: ReturnType<typeof useRouteLoaderData<typeof loader>>
  children: ReactNode
}) {
  return (
    <html lang="zh-CN" {...displayModeAttributes(mode)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="format-detection" content="telephone=no" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <DisplayModeStylesheet mode={mode} />
      </head>
      <body>
        <StepsBeforePaint />
        {rootData ? (
          <script
            type="application/json"
            id={CLIENT_CONFIG_ELEMENT_ID}
            // A data block, never executed: the CSP needs no hash for it.
            dangerouslySetInnerHTML={{
              __html: escapeJson(rootData.clientConfig),
            }}
          />
        ) : null}
        {/* The few styles antd still adds in the browser (theme variables, icons) go to the
            cascade layer of its pre-built ones: the portal's own styles override both. */}
        <StyleProvider layer>
          <ConfigProvider
            locale={zhCN}
            theme={mode === 'elder' ? runtimeElderTheme : runtimeTheme}
            button={BUTTON_CONFIG}
          >
            <AppFeedbackProvider className={`ant-app ${THEME_SCOPE}`}>
              {children}
            </AppFeedbackProvider>
          </ConfigProvider>
        </StyleProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

function escapeJson(value: unknown) {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

export default function Root() {
  const rootData = useRouteLoaderData<typeof loader>('root')
  useVersionCheck(rootData?.clientConfig.version)
  useChunkLoadGuard()
  // spec §2: the root view holds the routed page and the complaint-notice dialog.
  return (
    <ComplaintNoticeProvider>
      <Outlet />
    </ComplaintNoticeProvider>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: siteSettingsOf(matches).platformName }]
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} />
  console.error(error)
  return <ErrorPage status={500} />
}
