import { redirect } from 'react-router'

// spec §2, route table: this path redirects to /index
export const loader = () => redirect('/index')
// Defined apart from loader: the client bundle is built without the server loader.
export const clientLoader = () => redirect('/index')

export default function Redirect() {
  return null
}
