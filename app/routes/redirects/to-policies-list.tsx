import { redirect } from 'react-router'

// spec §2, route table: this path redirects to /policies/list
export const loader = () => redirect('/policies/list')
export const clientLoader = loader

export default function Redirect() {
  return null
}
