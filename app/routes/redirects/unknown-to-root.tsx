import { redirect } from 'react-router'

// spec §2, route table: this path redirects to /
export const loader = () => redirect('/')
// Defined apart from loader: the client bundle is built without the server loader.
export const clientLoader = () => redirect('/')

export default function Redirect() {
  return null
}
