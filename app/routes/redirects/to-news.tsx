import { redirect } from 'react-router'

// spec §2, route table: this path redirects to /index/new
export const loader = () => redirect('/index/new')
// Defined apart from loader: the client bundle is built without the server loader.
export const clientLoader = () => redirect('/index/new')

export default function Redirect() {
  return null
}
