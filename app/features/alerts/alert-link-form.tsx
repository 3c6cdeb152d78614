import { Link } from 'react-router'

import { PlainButton } from '#app/components/ui/plain-button.tsx'
import type { AlertOutcome } from '#common/constants/alerts.ts'

import { AlertOutcomeView } from './alert-outcome.tsx'
import styles from './alerts.module.css'
import { BrokenLink } from './broken-link.tsx'

type Props = {
  heading: string
  text: string
  action: string
  button: string
  token: string
}

// Only on the button's POST, never on opening: mail scanners open links before the person does.
function AlertLinkForm({ heading, text, action, button, token }: Props) {
  return (
    <section
      className={`portal-panel ${styles.panel}`}
      aria-labelledby="alert-link-heading"
    >
      <h1 id="alert-link-heading" className={styles.heading}>
        {heading}
      </h1>
      <p className={styles.note}>{text}</p>
      <form method="post" action={action}>
        <input type="hidden" name="token" value={token} />
        <PlainButton variant="primary" type="submit">
          {button}
        </PlainButton>
      </form>
    </section>
  )
}

type PageProps = Omit<Props, 'token'> & {
  outcome: AlertOutcome | null
  token: string | null
}

export function AlertLinkPage({ outcome, token, ...form }: PageProps) {
  const home = <Link to="/index/new">返回首页</Link>
  if (outcome) return <AlertOutcomeView outcome={outcome} extra={home} />
  if (!token) return <BrokenLink />
  return <AlertLinkForm {...form} token={token} />
}
