import { redirect } from 'react-router'

// spec §2, route table: this path redirects to /business/list
export const loader = () => redirect('/business/list')
// Defined apart from loader: the client bundle is built without the server loader.
export const clientLoader = () => redirect('/business/list')

export default function Redirect() {
  return null
}
