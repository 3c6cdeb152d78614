// When the server last saw the console's session and when its 12 hours are up, on this
// browser's clock, shared by every tab of the console: the tabs share one session cookie, so a
// tab left alone while another is in use must not warn of an idle session, nor ask to sign in.
const KEY = 'console-session-contact'

type Contact = { lastContactAt: number; endsAt: number | null }

function stored(): Contact | null {
  try {
    const text = localStorage.getItem(KEY)
    return text ? (JSON.parse(text) as Contact) : null
  } catch {
    return null
  }
}

export function createSessionContact() {
  let own: Contact = { lastContactAt: 0, endsAt: null }
  const share = () => {
    try {
      localStorage.setItem(KEY, JSON.stringify(own))
    } catch {
      // storage refused: this tab goes by its own contact only
    }
  }
  return {
    /** Any answer from the server but a refused session. */
    seen() {
      own = {
        lastContactAt: Date.now(),
        endsAt: own.endsAt ?? stored()?.endsAt ?? null,
      }
      share()
    },
    /** A session read or a sign-in: its end is known afresh. */
    started(endsInMs: number) {
      const now = Date.now()
      own = { lastContactAt: now, endsAt: now + endsInMs }
      share()
    },
    /** The latest contact of any tab, with that session's end. */
    times(): Contact {
      const other = stored()
      return other && other.lastContactAt > own.lastContactAt
        ? { ...other, endsAt: other.endsAt ?? own.endsAt }
        : own
    },
  }
}
