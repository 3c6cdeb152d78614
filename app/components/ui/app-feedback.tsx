import AppContext, { type useAppProps } from 'antd/es/app/context'
// antd's App styles (.ant-app: the page's text colour, size, line height and font), which
// this provider's wrapper carries as antd's App does.
import 'antd/es/app/style'
import {
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useState,
} from 'react'

type Feedback = useAppProps
type Part = keyof Feedback
type Call = {
  part: Part
  method: string
  args: unknown[]
  settle: (boxed: { answer: unknown }) => void
}

// What antd's message, notification and modal hooks offer (antd/es/app/context.d.ts).
const METHODS: Record<Part, string[]> = {
  message: [
    'info',
    'success',
    'error',
    'warning',
    'loading',
    'open',
    'destroy',
  ],
  notification: ['info', 'success', 'error', 'warning', 'open', 'destroy'],
  modal: ['info', 'success', 'error', 'warning', 'confirm'],
}

// Should antd's parts fail to load (the network gone since the page came), the browser's own
// dialogs still tell the visitor what the page wanted to say.
const FeedbackHolders = lazy<typeof NativeFeedback>(() =>
  import('./app-feedback-holders.tsx').catch(() => ({
    default: NativeFeedback,
  })),
)

type Config = {
  title?: unknown
  content?: unknown
  description?: unknown
  onOk?: () => void
  onCancel?: () => void
}

function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg
  const config = (arg ?? {}) as Config
  return [config.title, config.content, config.description]
    .filter((part) => typeof part === 'string')
    .join('\n')
}

function NativeFeedback({
  onReady,
}: {
  onReady: (feedback: Feedback) => void
}): ReactNode {
  useEffect(() => {
    const say = (arg: unknown) => window.alert(textOf(arg))
    const ask = (method: string) => (config: Config) => {
      const isOk =
        method === 'confirm'
          ? window.confirm(textOf(config))
          : (window.alert(textOf(config)), true)
      if (isOk) config.onOk?.()
      else config.onCancel?.()
    }
    const part = (name: Part, act: (method: string) => unknown) =>
      Object.fromEntries(METHODS[name].map((method) => [method, act(method)]))
    onReady({
      message: part('message', () => say),
      notification: part('notification', () => say),
      modal: part('modal', ask),
    } as unknown as Feedback)
  }, [onReady])
  return null
}

type Handle = ((...args: unknown[]) => void) & {
  destroy: (...args: unknown[]) => void
  update: (...args: unknown[]) => void
  then: PromiseLike<unknown>['then']
}

// The answer comes boxed: a promise would otherwise adopt a then-able answer and hand on its
// result instead of the answer itself.
function pendingAnswer(boxed: Promise<{ answer: unknown }>): Handle {
  const act =
    (name?: string) =>
    (...args: unknown[]) =>
      void boxed.then(({ answer }) => {
        const target = name
          ? (answer as Record<string, unknown> | undefined)?.[name]
          : answer
        if (typeof target === 'function')
          (target as (...a: unknown[]) => unknown)(...args)
      })
  const settled: Promise<unknown> = boxed.then(({ answer }) => answer)
  return Object.assign(act(), {
    destroy: act('destroy'),
    update: act('update'),
    then: settled.then.bind(settled) as Handle['then'],
  })
}

type Methods = Record<string, (...args: unknown[]) => unknown>

function createLazyFeedback(onWanted: () => void) {
  let loaded: Feedback | null = null
  const waiting: Call[] = []
  const part = (name: Part) =>
    Object.fromEntries(
      METHODS[name].map((method) => [
        method,
        (...args: unknown[]) => {
          if (loaded)
            return (loaded[name] as unknown as Methods)[method]!(...args)
          const answer = new Promise<{ answer: unknown }>((settle) =>
            waiting.push({ part: name, method, args, settle }),
          )
          onWanted()
          return pendingAnswer(answer)
        },
      ]),
    )
  return {
    feedback: {
      message: part('message'),
      notification: part('notification'),
      modal: part('modal'),
    } as unknown as Feedback,
    ready(real: Feedback) {
      loaded = real
      for (const call of waiting.splice(0)) {
        const target = real[call.part] as unknown as Methods
        call.settle({ answer: target[call.method]!(...call.args) })
      }
    },
  }
}

// antd's App without loading its three feedback parts with every page: they come with the first
// toast or dialog asked for.
export function AppFeedbackProvider({
  className,
  children,
}: {
  className: string
  children: ReactNode
}) {
  const [isWanted, setIsWanted] = useState(false)
  const [lazyFeedback] = useState(() =>
    createLazyFeedback(() => setIsWanted(true)),
  )
  return (
    <AppContext.Provider value={lazyFeedback.feedback}>
      <div className={className}>
        {isWanted ? (
          <Suspense fallback={null}>
            <FeedbackHolders onReady={lazyFeedback.ready} />
          </Suspense>
        ) : null}
        {children}
      </div>
    </AppContext.Provider>
  )
}

export function useAppFeedback(): Feedback {
  return useContext(AppContext)
}
