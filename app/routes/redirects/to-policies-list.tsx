import { href, redirect } from 'react-router'

// spec §2, route table.
export const loader = () => redirect(href('/policies/list'))
// Defined apart from loader: the client bundle is built without the server loader.
export const clientLoader = () => redirect(href('/policies/list'))

export default function Redirect() {
  return null
}
