import { href, redirect } from 'react-router'

// The section's address leads to its list, as the spec's sections do.
export const loader = () => redirect(href('/credit/list'))
// Defined apart from loader: the client bundle is built without the server loader.
export const clientLoader = () => redirect(href('/credit/list'))

export default function Redirect() {
  return null
}
