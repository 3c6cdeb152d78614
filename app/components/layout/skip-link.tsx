// Focuses the content itself, so the next Tab continues from there: the router would otherwise
// treat the hash as a navigation and leave focus where it was.
export function SkipLink({ target = 'main-content' }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="skip-link"
      onClick={(event) => {
        event.preventDefault()
        document.getElementById(target)?.focus()
      }}
    >
      跳到主要内容
    </a>
  )
}
