import { useEffect, useState } from 'react'

/** Seconds left of a wait (an SMS code's resend), counted down once a second; `start` begins one. */
export function useCountdown() {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])
  return { left, start: setLeft }
}
