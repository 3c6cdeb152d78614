import { href, redirect } from 'react-router'

// spec §2, route table.
export const loader = () => redirect(href('/index'))
// Defined apart from loader: the client bundle is built without the server loader.
export const clientLoader = () => redirect(href('/index'))

export default function Redirect() {
  return null
}
